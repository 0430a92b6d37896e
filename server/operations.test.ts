import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { buildOpenApiDocument } from './features/openapi/openapi.document';
import { koaPath } from './http/mount';
import { OPERATIONS } from './operations';
import { createTestApp, type TestApp } from './test/test-app';

/** Routes outside the JSON contract (docs/api.md "Outside /api"): plain routers, not operations. */
const OUTSIDE_THE_CONTRACT = new Set(['GET /embed/{name}', 'GET /manifest.webmanifest', 'GET /demo/stream']);

describe('the operations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('are the routes the app serves and the paths of its OpenAPI document, both ways', () => {
    // Each router's dispatch middleware carries its router (@koa/router): the app's own route table.
    const app = createApp({ db: t.db, config: t.config });
    const served = new Set<string>();
    for (const middleware of app.middleware) {
      const router = (middleware as { router?: { stack: { path: string | RegExp; methods: string[] }[] } }).router;
      for (const layer of router?.stack ?? []) {
        const path = String(layer.path).replace(/:(\w+)/g, '{$1}');
        // @koa/router answers HEAD wherever it answers GET; an explicit HEAD stands on its own.
        for (const method of layer.methods) if (method !== 'HEAD' || !layer.methods.includes('GET')) served.add(`${method} ${path}`);
      }
    }
    const documented = new Set(Object.entries(buildOpenApiDocument(OPERATIONS).paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)));
    expect([...served].filter((key) => !OUTSIDE_THE_CONTRACT.has(key)).sort()).toEqual([...documented].sort());
    expect(documented.size).toBe(OPERATIONS.length);
  });

  it('name their paths as OpenAPI templates, which mount.ts turns into Koa paths', () => {
    expect(koaPath('/api/shows/{id}')).toBe('/api/shows/:id');
    for (const op of OPERATIONS) expect(op.path, `${op.method} ${op.path}`).not.toMatch(/:\w/);
  });
});
