import type { Operation } from '../../http/operation';
import { operationsWith } from '../../http/operation';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi.document';

/**
 * GET /api/openapi.json: public, the same for every tenant, cached like other public GETs
 * (ETag, no-cache: http/caching.ts). Built once per process on first ask from `all()`, every
 * operation the server mounts (this one included): the document only changes with the code.
 */
export function openApiOperations(all: () => readonly Operation[]): Operation[] {
  const op = operationsWith(() => ({ document: null as OpenApiDocument | null }), { tag: 'server' });
  return [
    op({
      method: 'get', path: '/api/openapi.json', summary: 'This document',
      description: 'The OpenAPI 3.1 description of the contract, generated from the domain schemas. The same for every tenant.',
      responses: { 200: { description: 'The document.', content: { 'application/json': { type: 'object', required: ['openapi', 'paths'] } } } },
      handle: (ctx, kept) => {
        kept.document ??= buildOpenApiDocument(all());
        ctx.body = kept.document;
      },
    }),
  ];
}
