import { pingDb } from '../../db/knex';
import { serviceUnavailable } from '../../http/errors';
import { operationsWith } from '../../http/operation';
import { healthService } from './health.service';

const op = operationsWith((deps) => ({ deps, health: healthService(deps) }), { tag: 'server' });

export const HEALTH_OPERATIONS = [
  op({
    method: 'get', path: '/api/health', summary: 'Health check',
    responses: { 200: { description: 'Serving.', json: 'Health' }, 503: { description: 'The database is unreachable.', json: 'Error' } },
    handle: async (ctx, { deps }) => {
      try {
        await pingDb(deps.db);
      } catch {
        throw serviceUnavailable('Database unavailable');
      }
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { ok: true };
    },
  }),
  // Readiness (docs/api.md "Health"): 503 names the checks that fail.
  op({
    method: 'get', path: '/api/health/ready', summary: 'Readiness check',
    description: 'Whether this process can do its work: the database answers, every migration has run, the upload storage takes a write. For load balancers and orchestrators; /api/health stays the liveness answer.',
    responses: { 200: { description: 'Ready.', json: 'Readiness' }, 503: { description: 'Not ready: `failing` names the checks that fail.', json: 'Readiness' } },
    handle: async (ctx, { health }) => {
      const { ok, checks } = await health.readiness();
      ctx.set('Cache-Control', 'no-store');
      if (ok) {
        ctx.body = { ok, checks };
        return;
      }
      const failing = Object.entries(checks).filter(([, state]) => state !== 'ok').map(([name]) => name);
      ctx.status = 503;
      ctx.set('Retry-After', '5');
      ctx.body = { ok, error: `Not ready: ${failing.join(', ')}`, failing, checks };
    },
  }),
];
