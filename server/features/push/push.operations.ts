import { limitKey } from '../../http/client-address';
import { operationsWith } from '../../http/operation';
import { pushRepository } from './push.repository';
import { saveSubscription, vapidKeys } from './push.service';

const op = operationsWith((deps) => deps, { tag: 'reminders' });

/** docs/api.md "Reminders by Web Push". */
export const PUSH_OPERATIONS = [
  op({
    method: 'get', path: '/api/push/key', summary: 'The Web Push signing key',
    description: 'From `VAPID_PUBLIC_KEY`, or the key pair made at first start and kept in the database: the same for every tenant and process.',
    responses: { 200: { description: 'The key.', json: 'PushKey' } },
    handle: async (ctx, deps) => {
      const { publicKey } = await vapidKeys(deps.db, deps.config, deps.now());
      ctx.body = { publicKey };
    },
  }),
  op({
    method: 'post', path: '/api/push/subscriptions', summary: 'Remind this browser of shows',
    description:
      "Ten minutes before each airing of each show (its days and `startTime` in the tenant's `timeZone`) the subscription gets one push (RFC 8030, `aes128gcm` payload encryption per RFC 8291, VAPID per RFC 8292, `TTL: 600`, `Urgency: high`) whose payload is JSON `{title, body, url, showId, startsAt}`. The endpoint must be `https:` on a public address (unless `PUSH_ALLOW_INSECURE_ENDPOINTS=on`), on a push service browsers use (`PUSH_ENDPOINT_HOSTS`); a push service answering 404 or 410 deletes the subscription.",
    rateLimit: true,
    body: { json: 'NewPushSubscription' },
    responses: {
      200: { description: 'The same endpoint was stored already: its show list is replaced.', json: 'PushSubscription' },
      201: { description: 'Stored.', json: 'PushSubscription' },
      400: { description: 'An unknown show id, broken keys, or an endpoint that is not https: on a public address of a push service browsers use.', json: 'Error' },
      409: { description: 'This client address already holds `PUSH_SUBSCRIPTIONS_PER_ADDRESS` subscriptions that follow shows.', json: 'Error' },
    },
    handle: async (ctx, deps, input) => {
      // Where the notification will link to, and the VAPID subject's host: PUBLIC_URL, or the
      // origin the browser subscribed on (docs/api.md, Round three).
      // (Koa's ctx.origin is the Origin header; the request's own origin is built from protocol and host.)
      const origin = deps.config.publicUrl ?? `${ctx.protocol}://${ctx.host}`;
      const source = { origin, address: limitKey(ctx.state.clientAddress) };
      const { created, ...answer } = await saveSubscription(deps.db, deps.config, ctx.state.tenant, input, source, deps.now());
      ctx.status = created ? 201 : 200;
      ctx.body = answer;
    },
  }),
  op({
    method: 'delete', path: '/api/push/subscriptions', summary: 'Stop reminders for this browser',
    description: 'Forgets the subscription with this endpoint on this tenant, and its shows.',
    rateLimit: true,
    body: { json: 'PushUnsubscribe' },
    responses: { 204: { description: 'Forgotten (also when it was not known).' } },
    handle: async (ctx, deps, { endpoint }) => {
      await pushRepository(deps.db).removeByEndpoint(ctx.state.tenant, endpoint);
      ctx.status = 204;
    },
  }),
];
