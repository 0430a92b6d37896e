import { describe, expect, it } from 'vitest';
import { ADMIN_KEY, describeEachEngine, freshAddress } from '../test/test-app';
import { keysMatch } from './admin-key';

// docs/api.md Auth: x-admin-key, constant-time compare, 401 on a wrong or missing key,
// 429 for every admin call after 10 wrong keys from one address within 15 minutes.

const FIFTEEN_MINUTES = 15 * 60 * 1000;

describe('keysMatch', () => {
  it('matches only the exact key, whatever the lengths', () => {
    expect(keysMatch(ADMIN_KEY, ADMIN_KEY)).toBe(true);
    expect(keysMatch(ADMIN_KEY + 'x', ADMIN_KEY)).toBe(false);
    expect(keysMatch(ADMIN_KEY.slice(0, -1), ADMIN_KEY)).toBe(false);
    expect(keysMatch(ADMIN_KEY.toUpperCase(), ADMIN_KEY)).toBe(false);
    expect(keysMatch('', ADMIN_KEY)).toBe(false);
    // An empty configured key never lets anyone in, not even with an empty key.
    expect(keysMatch('', '')).toBe(false);
  });
});

describeEachEngine('admin key', (t) => {
  const settings = (ip: string, key?: string) => {
    const req = t().http().get('/api/settings').set('X-Forwarded-For', ip);
    return key === undefined ? req : req.set('x-admin-key', key);
  };

  it('answers a wrong key on a public GET with 401, never silently as a visitor', async () => {
    for (const path of ['/api/settings', '/api/np', '/api/artists', '/api/health']) {
      const res = await t().http().get(path).set('X-Forwarded-For', freshAddress()).set('x-admin-key', 'wrong');
      expect(res.status, path).toBe(401);
      expect(res.body, path).toEqual({ error: 'Invalid admin key' });
    }
  });

  it('answers a missing or wrong key on an admin-only route with 401', async () => {
    const missing = await t().http().get('/api/ads').set('X-Forwarded-For', freshAddress());
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ error: 'Invalid admin key' });
    const wrong = await t().http().get('/api/shoutouts').set('X-Forwarded-For', freshAddress()).set('x-admin-key', ADMIN_KEY + '1');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'Invalid admin key' });
    const write = await t().http().put('/api/settings').set('X-Forwarded-For', freshAddress()).send({});
    expect(write.status).toBe(401);
    expect(write.body).toEqual({ error: 'Invalid admin key' });
    const right = await t().http().get('/api/ads').set('X-Forwarded-For', freshAddress()).set('x-admin-key', ADMIN_KEY);
    expect(right.status).toBe(200);
  });

  it('locks an address out at exactly the 10th wrong key, for every admin call, until the window passes', async () => {
    const ip = freshAddress();
    // Wrong keys count wherever they are sent, public routes included.
    for (let i = 0; i < 9; i++) {
      const res = await t()
        .http()
        .get(i % 2 ? '/api/np' : '/api/settings')
        .set('X-Forwarded-For', ip)
        .set('x-admin-key', `wrong-${i}`);
      expect(res.status).toBe(401);
    }
    // 9 wrong: the right key still works.
    expect((await settings(ip, ADMIN_KEY)).status).toBe(200);

    const tenth = await settings(ip, 'wrong-9');
    expect(tenth.status).toBe(401);

    // 10 wrong: the right key is refused too, with Retry-After for the whole window.
    const locked = await settings(ip, ADMIN_KEY);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ error: expect.any(String) });
    expect(locked.headers['retry-after']).toBe(String(FIFTEEN_MINUTES / 1000));

    // Every admin call, right key or not, key or not.
    expect((await settings(ip, 'wrong-again')).status).toBe(429);
    expect((await t().http().get('/api/ads').set('X-Forwarded-For', ip)).status).toBe(429);
    expect((await t().http().put('/api/settings').set('X-Forwarded-For', ip).set('x-admin-key', ADMIN_KEY).send({})).status).toBe(429);
    // A visitor call without a key is not an admin call.
    expect((await settings(ip)).status).toBe(200);

    // Still locked a second before the window passes; Retry-After counts down.
    t().clock.advance(FIFTEEN_MINUTES - 1000);
    const almost = await settings(ip, ADMIN_KEY);
    expect(almost.status).toBe(429);
    expect(almost.headers['retry-after']).toBe('1');

    t().clock.advance(1000);
    const after = await settings(ip, ADMIN_KEY);
    expect(after.status).toBe(200);
  });

  it('does not extend the lock-out with calls refused while locked', async () => {
    const ip = freshAddress();
    for (let i = 0; i < 10; i++) expect((await settings(ip, 'wrong')).status).toBe(401);
    t().clock.advance(FIFTEEN_MINUTES / 2);
    for (let i = 0; i < 5; i++) expect((await settings(ip, 'still wrong')).status).toBe(429);
    t().clock.advance(FIFTEEN_MINUTES / 2);
    expect((await settings(ip, ADMIN_KEY)).status).toBe(200);
  });

  it('locks out per address: another address keeps working', async () => {
    const attacker = freshAddress();
    const admin = freshAddress();
    for (let i = 0; i < 10; i++) expect((await settings(attacker, 'guess')).status).toBe(401);
    expect((await settings(attacker, ADMIN_KEY)).status).toBe(429);
    expect((await settings(admin, ADMIN_KEY)).status).toBe(200);
    // The other address has its own count: one wrong key there is a plain 401.
    expect((await settings(admin, 'typo')).status).toBe(401);
    expect((await settings(admin, ADMIN_KEY)).status).toBe(200);
  });

  it('locks out an IPv6 client by its /64, whichever addresses inside it the guesses come from', async () => {
    const prefix = `2001:db8:${(Date.now() % 0xffff).toString(16)}:1`;
    for (let i = 0; i < 10; i++) expect((await settings(`${prefix}::${(i + 1).toString(16)}`, 'guess')).status).toBe(401);
    expect((await settings(`${prefix}:ffff::9`, ADMIN_KEY)).status).toBe(429);
    expect((await settings(`${prefix.replace(/:1$/, ':2')}::9`, ADMIN_KEY)).status).toBe(200);
  });

  it('holds against a parallel burst: only 10 guesses from one address are ever compared', async () => {
    const attacker = freshAddress();
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => settings(attacker, `guess-${i}`)));
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    // An admin loading many lists at once from one address is never locked out by it.
    const admin = freshAddress();
    const dashboard = await Promise.all(Array.from({ length: 15 }, () => settings(admin, ADMIN_KEY)));
    expect(dashboard.map((r) => r.status)).toEqual(Array(15).fill(200));
  });

  it('gives the admin view only with the right key', async () => {
    const visitor = await t().http().get('/api/sponsors').set('X-Forwarded-For', freshAddress());
    const admin = await t().http().get('/api/sponsors').set('X-Forwarded-For', freshAddress()).set('x-admin-key', ADMIN_KEY);
    expect(visitor.status).toBe(200);
    expect(admin.status).toBe(200);
    const approvedFalse = await t().http().get('/api/artists?approved=false').set('X-Forwarded-For', freshAddress());
    expect(approvedFalse.status).toBe(401);
    const asAdmin = await t().http().get('/api/artists?approved=false').set('X-Forwarded-For', freshAddress()).set('x-admin-key', ADMIN_KEY);
    expect(asAdmin.status).toBe(200);
  });
});

describeEachEngine(
  'admin key without TRUST_PROXY',
  (t) => {
    it('ignores X-Forwarded-For, so rotating it never escapes the lock-out', async () => {
      for (let i = 0; i < 10; i++) {
        const res = await t().http().get('/api/settings').set('X-Forwarded-For', freshAddress()).set('x-admin-key', 'guess');
        expect(res.status).toBe(401);
      }
      const res = await t().http().get('/api/settings').set('X-Forwarded-For', freshAddress()).set('x-admin-key', ADMIN_KEY);
      expect(res.status).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      const rows = await t().db('auth_failures').distinct('address');
      expect(rows).toEqual([{ address: '127.0.0.1' }]);
    });
  },
  { trustProxy: false },
);

describeEachEngine('admin key under a distributed guess', (t) => {
  const settings = (ip: string, key: string) => t().http().get('/api/settings').set('X-Forwarded-For', ip).set('x-admin-key', key);
  it('locks the admin routes for everyone after more than 100 wrong keys in 15 minutes from all addresses, and says so in the log', async () => {
    const from = t().log.length;
    const lines = { join: (sep: string) => t().log.slice(from).join(sep), filter: (f: (l: string) => boolean) => t().log.slice(from).filter(f) };
    // 100 wrong keys, 5 from each of 20 addresses: no address is near its own lock-out.
    const attackers = Array.from({ length: 20 }, () => freshAddress());
    for (let i = 0; i < 100; i++) expect((await settings(attackers[i % 20]!, `guess-${i}`)).status).toBe(401);
    // Up to that point a right key from an address that never failed still works.
    expect((await settings(freshAddress(), ADMIN_KEY)).status).toBe(200);
    expect(lines.join('')).not.toMatch(/admin-lockout/);

    expect((await settings(attackers[0]!, 'guess-100')).status).toBe(401);
    const start = t().clock.now;
    // The 101st: every admin call answers 429, right key or not, from anywhere.
    const locked = await settings(freshAddress(), ADMIN_KEY);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBe(FIFTEEN_MINUTES / 1000);
    expect((await t().http().get('/api/ads').set('X-Forwarded-For', freshAddress())).status).toBe(429);
    expect((await settings(freshAddress(), 'another-guess')).status).toBe(429);
    // Visitors are not admin calls.
    expect((await t().http().get('/api/settings').set('X-Forwarded-For', freshAddress())).status).toBe(200);
    const logged = lines.filter((l) => l.includes('admin-lockout'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/locked for everyone/);
    expect(logged[0]).not.toContain(ADMIN_KEY);

    // For the rest of the window only: when the oldest counted failure leaves it, it opens.
    t().clock.advance(FIFTEEN_MINUTES - 1000 - (t().clock.now - start));
    expect((await settings(freshAddress(), ADMIN_KEY)).status).toBe(429);
    t().clock.advance(1000);
    expect((await settings(freshAddress(), ADMIN_KEY)).status).toBe(200);
  });
});
