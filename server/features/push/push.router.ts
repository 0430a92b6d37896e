import Router from '@koa/router';
import { NewPushSubscriptionSchema, PushUnsubscribeSchema } from '../../../domain/push';
import { jsonBody } from '../../http/body';
import type { AppState, Deps } from '../../http/context';
import { limitKey } from '../../http/client-address';
import { rateLimit } from '../../http/rate-limit';
import { parseWith } from '../../http/validate';
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
    // Where the notification will link to, and the VAPID subject's host: PUBLIC_URL, or the
    // origin the browser subscribed on (docs/api.md, Round three).
    // (Koa's ctx.origin is the Origin header; the request's own origin is built from protocol and host.)
    const origin = deps.config.publicUrl ?? `${ctx.protocol}://${ctx.host}`;
    const source = { origin, address: limitKey(ctx.state.clientAddress) };
    const { created, ...answer } = await saveSubscription(deps.db, deps.config, ctx.state.tenant, input, source, deps.now());
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
