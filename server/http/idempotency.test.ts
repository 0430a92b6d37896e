import { expect, it } from 'vitest';
import { describeEachEngine, freshAddress } from '../test/test-app';

// docs/api.md Idempotency: Idempotency-Key (1–200 chars) on public POSTs; a repeat with the same
// key and body within 24 h gets the first answer and creates nothing; another body is 409.

describeEachEngine('idempotency', (t) => {
  let n = 0;
  const unique = (prefix: string) => `${prefix}-${++n}-${Math.random().toString(36).slice(2)}`;
  const artist = (name: string) => ({ name, bio: 'Calypso', countryCode: 'BB' });
  const sponsor = (name: string) => ({ name, tier: 'standard', targetUrl: null, notes: 'call me', active: true });
  const postArtist = (key: string | null, body: unknown, ip = freshAddress()) => {
    const req = t().http().post('/api/artists').set('X-Forwarded-For', ip);
    return (key === null ? req : req.set('Idempotency-Key', key)).send(body as object);
  };
  const countArtists = async (name: string) => (await t().db('artists').where({ name })).length;

  it('replays the first answer, same status and body, and creates nothing more', async () => {
    const key = unique('k');
    const name = unique('Rihanna');
    const first = await postArtist(key, artist(name));
    expect(first.status).toBe(201);
    // From another address too: the outbox may retry after a network change.
    const again = await postArtist(key, artist(name));
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(await countArtists(name)).toBe(1);
  });

  it('replays a refused first answer as it was', async () => {
    const key = unique('k');
    const first = await postArtist(key, { name: '', bio: '', countryCode: 'XX' });
    expect(first.status).toBe(400);
    const again = await postArtist(key, { name: '', bio: '', countryCode: 'XX' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual(first.body);
  });

  it('answers the same key with another body with 409 and creates nothing', async () => {
    const key = unique('k');
    const name = unique('Machel');
    expect((await postArtist(key, artist(name))).status).toBe(201);
    const other = await postArtist(key, artist(`${name} Montano`));
    expect(other.status).toBe(409);
    expect(other.body).toEqual({ error: expect.any(String) });
    expect(await countArtists(`${name} Montano`)).toBe(0);
  });

  it('keeps the same key on two different routes independent', async () => {
    const key = unique('shared');
    const name = unique('Alison Hinds');
    const a = await postArtist(key, artist(name));
    const s = await t().http().post('/api/sponsors').set('X-Forwarded-For', freshAddress()).set('Idempotency-Key', key).send(sponsor(name));
    expect(a.status).toBe(201);
    expect(s.status).toBe(201);
    expect(s.body.id).not.toBe(a.body.id);
    expect(await countArtists(name)).toBe(1);
    expect(await t().db('sponsors').where({ name })).toHaveLength(1);
  });

  it('keeps the same key on two tenants independent', async () => {
    const key = unique('tenant');
    const name = unique('Sponsor');
    const w = await t().http().post('/api/sponsors').set('X-Forwarded-For', freshAddress()).set('Idempotency-Key', key).send(sponsor(name));
    const c = await t()
      .http()
      .post('/api/sponsors?tenant=caribbean')
      .set('X-Forwarded-For', freshAddress())
      .set('Idempotency-Key', key)
      .send(sponsor(name));
    expect(w.status).toBe(201);
    expect(c.status).toBe(201);
    expect(await t().db('sponsors').where({ name })).toHaveLength(2);
  });

  it('accepts a key of 200 characters and refuses 201 with 400, storing nothing', async () => {
    const ok = unique('Max');
    expect((await postArtist('k'.repeat(190) + 'x'.repeat(10), artist(ok))).status).toBe(201);
    const name = unique('Too long');
    const res = await postArtist('k'.repeat(201), artist(name));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.any(String) });
    expect(await countArtists(name)).toBe(0);
  });

  it('creates anew with the same key after 24 hours', async () => {
    const key = unique('k');
    const name = unique('Bunji');
    expect((await postArtist(key, artist(name))).status).toBe(201);
    t().clock.advance(24 * 60 * 60 * 1000 + 1000);
    const later = await postArtist(key, artist(name));
    expect(later.status).toBe(201);
    expect(await countArtists(name)).toBe(2);
  });

  it('creates exactly one item when the same request races itself', async () => {
    const key = unique('race');
    const name = unique('Racer');
    const results = await Promise.all(Array.from({ length: 6 }, () => postArtist(key, artist(name))));
    for (const r of results) expect([201, 409]).toContain(r.status);
    const created = results.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const r of created) expect(r.body).toEqual(created[0]!.body);
    expect(await countArtists(name)).toBe(1);
  });

  it('expires a record left in progress after 60 s: until then 409 with Retry-After, then the retry runs afresh', async () => {
    const key = unique('stuck');
    const name = unique('Stuck');
    expect((await postArtist(key, artist(name))).status).toBe(201);
    // The process died (or saving the answer failed) after the claim: the record stays in progress.
    await t().db('idempotency_keys').where({ key }).update({ status: null, body: null });
    const busy = await postArtist(key, artist(name));
    expect(busy.status).toBe(409);
    const retryAfter = Number(busy.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    t().clock.advance(59_000);
    expect((await postArtist(key, artist(name))).status).toBe(409);
    t().clock.advance(1_000);
    const afresh = await postArtist(key, artist(name));
    expect(afresh.status).toBe(201);
    expect(await countArtists(name)).toBe(2);
    // And that answer is now the one a repeat gets.
    const repeat = await postArtist(key, artist(name));
    expect(repeat.status).toBe(201);
    expect(repeat.body).toEqual(afresh.body);
    expect(await countArtists(name)).toBe(2);
  });

  it('without a key, every POST creates', async () => {
    const name = unique('Plain');
    await postArtist(null, artist(name));
    await postArtist(null, artist(name));
    expect(await countArtists(name)).toBe(2);
  });
});
