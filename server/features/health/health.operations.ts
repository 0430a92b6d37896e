import { pingDb } from '../../db/knex';
import { serviceUnavailable } from '../../http/errors';
import { operationsWith } from '../../http/operation';

const op = operationsWith((deps) => deps);

export const HEALTH_OPERATIONS = [
  op({
    method: 'get',
    path: '/api/health',
    tag: 'server',
    summary: 'Health check',
    responses: { 200: { description: 'Serving.', json: 'Health' }, 503: { description: 'The database is unreachable.', json: 'Error' } },
    handle: async (ctx, deps) => {
      try {
        await pingDb(deps.db);
      } catch {
        throw serviceUnavailable('Database unavailable');
      }
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { ok: true };
    },
  }),
];
