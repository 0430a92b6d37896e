import Router from '@koa/router';
import type { AppState } from '../../http/context';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi.document';

/**
 * GET /api/openapi.json: public, the same for every tenant, cached like other public GETs
 * (ETag, no-cache: http/caching.ts). Built once per process on first ask: the document only
 * changes with the code.
 */
export function openApiRouter(): Router<AppState> {
  let document: OpenApiDocument | null = null;
  const router = new Router<AppState>();
  router.get('/api/openapi.json', (ctx) => {
    document ??= buildOpenApiDocument();
    ctx.body = document;
  });
  return router;
}
