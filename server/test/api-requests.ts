import { expect } from 'vitest';
import { ADMIN_KEY, freshAddress, type TestApp } from './test-app';

/** Headers of an admin request from an address the rate limit has not seen yet. */
export const adminHeaders = () => ({ 'x-admin-key': ADMIN_KEY, 'X-Forwarded-For': freshAddress() });

/**
 * The requests a suite makes to one public collection (`/api/artists`): visitors post and
 * read, admins read and patch; each from an address the rate limit has not seen yet.
 */
export function collectionRequests(app: () => TestApp, collection: string) {
  return {
    post: (body: unknown, ip = freshAddress()) =>
      app()
        .http()
        .post(collection)
        .set('X-Forwarded-For', ip)
        .send(body as object),
    visitorGet: (path: string) => app().http().get(path).set('X-Forwarded-For', freshAddress()),
    adminGet: (path: string) => app().http().get(path).set('X-Forwarded-For', freshAddress()).set('x-admin-key', ADMIN_KEY),
    /** `key` null sends no admin key at all. */
    patch: (id: string, body: unknown, key: string | null = ADMIN_KEY) => {
      const req = app().http().patch(`${collection}/${id}`).set('X-Forwarded-For', freshAddress());
      if (key !== null) req.set('x-admin-key', key);
      return req.send(body as object);
    },
  };
}

/**
 * A visitor's POST, PATCH and DELETE on an admin-written collection (ads, events, shows) are
 * each a 401 (docs/api.md): the POST stores no row (`newRow` finds it) and the item `id`
 * stays. Answers that item's stored row.
 */
export async function expectVisitorWritesRefused(
  app: TestApp,
  target: { collection: string; table: string; id: string },
  bodies: { create: object; newRow: Record<string, unknown>; patch: object },
): Promise<Record<string, unknown>> {
  const visitor = () => ({ 'X-Forwarded-For': freshAddress() });
  const post = await app.http().post(target.collection).set(visitor()).send(bodies.create);
  expect(post.status).toBe(401);
  expect(post.body).toEqual({ error: 'Invalid admin key' });
  expect((await app.http().patch(`${target.collection}/${target.id}`).set(visitor()).send(bodies.patch)).status).toBe(401);
  expect((await app.http().delete(`${target.collection}/${target.id}`).set(visitor())).status).toBe(401);
  expect(await app.db(target.table).where(bodies.newRow)).toHaveLength(0);
  const row = (await app.db(target.table).where({ id: target.id }).first()) as Record<string, unknown> | undefined;
  expect(row).toBeTruthy();
  return row!;
}
