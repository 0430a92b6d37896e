import Router from '@koa/router';
import { NewPushSubscriptionSchema, PushUnsubscribeSchema } from '../../../domain/push';
import { jsonBody } from '../../http/body';
import type { AppState, Deps } from '../../http/context';
import { badRequest } from '../../http/errors';
import { rateLimit } from '../../http/rate-limit';
import { parseWith } from '../../http/validate';
import { pushEndpointProblem } from './push.outbound';
import { pushRepository } from './push.repository';
import { saveSubscription, vapidKeys } from './push.service';

/** docs/api.md "Reminders by Web Push". */
export function pushRouter(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/push' });

  router.get('/key', async (ctx) => {
    const { publicKey } = await vapidKeys(deps.db, deps.config, deps.now());
    ctx.body = { publicKey };
  });

  router.post('/subscriptions', rateLimit(deps, 'POST /api/push/subscriptions'), jsonBody(deps), async (ctx) => {
    const input = parseWith(NewPushSubscriptionSchema, ctx.state.body);
    const problem = pushEndpointProblem(input.subscription.endpoint, deps.config);
    if (problem) throw badRequest(`The push endpoint cannot be used: ${problem}`, [{ path: 'subscription.endpoint', message: problem }]);
    // Where the notification will link to, and the VAPID subject's host: PUBLIC_URL, or the
    // origin the browser subscribed on (docs/api.md, Round three).
    // (Koa's ctx.origin is the Origin header; the request's own origin is built from protocol and host.)
    const origin = deps.config.publicUrl ?? `${ctx.protocol}://${ctx.host}`;
    const { created, ...answer } = await saveSubscription(deps.db, ctx.state.tenant, input, origin, deps.now());
    ctx.status = created ? 201 : 200;
    ctx.body = answer;
  });

  router.delete('/subscriptions', rateLimit(deps, 'DELETE /api/push/subscriptions'), jsonBody(deps), async (ctx) => {
    const { endpoint } = parseWith(PushUnsubscribeSchema, ctx.state.body);
    await pushRepository(deps.db).removeByEndpoint(ctx.state.tenant, endpoint);
    ctx.status = 204;
  });

  return router;
}
