import { expect, it } from 'vitest';
import { ADMIN_KEY, describeEachEngine, freshAddress } from '../test/test-app';

// Issue 30: /API/settings (upper case) skipped the admin-key and caching middleware, which
// test the '/api/' prefix, while the router matched it: a wrong key got 200, never counted
// toward the lock-out. docs/api.md "Paths": the prefix is spelled one way.

describeEachEngine('the API path space: one spelling of /api', (t) => {
  const variants = ['/API/settings', '/Api/settings', '/aPI/ads', '/API/uploads/resumable', '/API', '/Api/'];

  it.each(variants)('answers %s with a JSON 404, never the route, whatever the key', async (path) => {
    for (const key of [undefined, 'wrong-key', ADMIN_KEY]) {
      const req = t().http().get(path).set('X-Forwarded-For', freshAddress());
      const res = await (key ? req.set('x-admin-key', key) : req);
      expect(res.status, `${path} ${key}`).toBe(404);
      expect(res.body, `${path} ${key}`).toEqual({ error: 'Not found' });
      expect(res.headers['cache-control'], path).toBe('no-store');
    }
    const put = await t().http().put(path).set('X-Forwarded-For', freshAddress()).set('x-admin-key', 'wrong-key').send({ displayName: 'x' });
    expect(put.status).toBe(404);
  });

  it('counts a wrong key toward the lock-out whatever the case below the prefix, and never serves a path that only looks like the API', async () => {
    const ip = freshAddress();
    const wrong = await t().http().get('/api/SETTINGS').set('X-Forwarded-For', ip).set('x-admin-key', 'wrong-key');
    expect(wrong.status).toBe(401);
    for (const path of ['/%61pi/settings', '//api/settings', '/api%2Fsettings']) {
      const res = await t().http().get(path).set('X-Forwarded-For', ip).set('x-admin-key', 'wrong-key');
      expect(res.status, path).not.toBe(200);
      expect(JSON.stringify(res.body), path).not.toMatch(/displayName/);
    }
    // Ten wrong keys lock the address out, upper case or not.
    for (let i = 0; i < 9; i++) await t().http().get('/api/Settings').set('X-Forwarded-For', ip).set('x-admin-key', 'wrong-key');
    const locked = await t().http().get('/api/settings').set('X-Forwarded-For', ip).set('x-admin-key', ADMIN_KEY);
    expect(locked.status).toBe(429);
  });
});
