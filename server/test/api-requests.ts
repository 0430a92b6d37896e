import { expect } from 'vitest';
import { ADMIN_KEY, freshAddress, type TestApp } from './test-app';

/** A request body builder: `base`, with the test's `overrides` over it (unknown fields too, to see them dropped). */
export const withOverrides =
  (base: Record<string, unknown>) =>
  (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({ ...base, ...overrides });

/** Headers of an admin request from an address the rate limit has not seen yet. */
export const adminHeaders = () => ({ 'x-admin-key': ADMIN_KEY, 'X-Forwarded-For': freshAddress() });

/** A 400 naming exactly `issues`, in any order: every broken field at once (docs/api.md). */
export function expectIssues(res: { status: number; body: { issues?: unknown } }, issues: { path: string; message: string }[], label?: string): void {
  expect(res.status, label).toBe(400);
  expect(res.body.issues).toEqual(expect.arrayContaining(issues));
  expect(res.body.issues).toHaveLength(issues.length);
}

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
 * each a 401 (docs/api.md): with an item `existing` created by an admin, the POST stores no
 * row (`newRow` finds it) and the item stays. Answers that item's stored row.
 */
export async function expectVisitorWritesRefused(
  app: TestApp,
  target: { collection: string; table: string },
  bodies: { existing: object; create: object; newRow: Record<string, unknown>; patch: object },
): Promise<Record<string, unknown>> {
  const created = await app.http().post(target.collection).set(adminHeaders()).send(bodies.existing);
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const visitor = () => ({ 'X-Forwarded-For': freshAddress() });
  const post = await app.http().post(target.collection).set(visitor()).send(bodies.create);
  expect(post.status).toBe(401);
  expect(post.body).toEqual({ error: 'Invalid admin key' });
  expect((await app.http().patch(`${target.collection}/${id}`).set(visitor()).send(bodies.patch)).status).toBe(401);
  expect((await app.http().delete(`${target.collection}/${id}`).set(visitor())).status).toBe(401);
  expect(await app.db(target.table).where(bodies.newRow)).toHaveLength(0);
  const row = (await app.db(target.table).where({ id }).first()) as Record<string, unknown> | undefined;
  expect(row).toBeTruthy();
  return row!;
}
