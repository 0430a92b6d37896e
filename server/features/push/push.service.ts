import webpush from 'web-push';
import { PUSH_MESSAGES, reminderBody, reminderTitle, type NewPushSubscription, type PushSubscriptionAnswer, type ReminderPayload } from '../../../domain/push';
import type { Show } from '../../../domain/shows';
import type { Tenant } from '../../../domain/tenants';
import type { Config } from '../../config';
import type { Db } from '../../db/knex';
import { badRequest, conflict } from '../../http/errors';
import { pushEndpointProblem, pushServiceHost } from './push.outbound';
import { pushRepository, type StoredSubscription, type VapidKeys } from './push.repository';

/** RFC 8030 headers of every reminder (docs/api.md): worthless once the show has started. */
export const REMINDER_TTL_SECONDS = 600;
export const REMINDER_URGENCY = 'high';
const SEND_TIMEOUT_MS = 10_000;

export interface PushRequest {
  method: string;
  headers: Record<string, string>;
  body: Buffer;
  timeoutMs: number;
}

/** Sends one encrypted push to its endpoint (push.outbound.ts: through the outbound guard); answers the push service's status. */
export type PushTransport = (endpoint: string, request: PushRequest) => Promise<{ status: number; text: () => Promise<string> }>;

const keysByDb = new WeakMap<Db, Promise<VapidKeys>>();

/**
 * The VAPID key pair every process signs with: the environment's, else the one kept in the
 * database (made by whichever process asks first). Read once per process.
 */
export function vapidKeys(db: Db, config: Config, now: number): Promise<VapidKeys> {
  if (config.vapidKeys) return Promise.resolve(config.vapidKeys);
  let keys = keysByDb.get(db);
  if (!keys) {
    keys = pushRepository(db).vapidKeys(() => webpush.generateVAPIDKeys(), now);
    keysByDb.set(db, keys);
    // A failed read (the database away at that moment) is tried again next time.
    keys.catch(() => keysByDb.delete(db));
  }
  return keys;
}

/** Who is subscribing: where the notification links to, and the client address (for the cap). */
export interface SubscriptionSource {
  origin: string;
  /** The client address as the rate limits count it (IPv6: its /64). */
  address: string;
}

/**
 * POST /api/push/subscriptions: the endpoint must be on a push service browsers use, the shows
 * this tenant's, and one address may hold only so many subscriptions that follow shows
 * (docs/api.md "Reminders by Web Push").
 */
export async function saveSubscription(
  db: Db,
  config: Config,
  tenant: Tenant,
  input: NewPushSubscription,
  source: SubscriptionSource,
  now: number,
): Promise<PushSubscriptionAnswer & { created: boolean }> {
  const { endpoint } = input.subscription;
  const problem = pushEndpointProblem(endpoint, config);
  if (problem) throw badRequest(`The push endpoint cannot be used: ${problem}`, [{ path: 'subscription.endpoint', message: problem }]);
  const repo = pushRepository(db);
  const known = await repo.existingShowIds(tenant, input.showIds);
  const unknown = input.showIds.filter((id) => !known.has(id));
  if (unknown.length > 0) throw badRequest(PUSH_MESSAGES.unknownShow, [{ path: 'showIds', message: PUSH_MESSAGES.unknownShow }]);
  // Counted before the write, not in its transaction: requests racing from one address may pass
  // the cap by a few, which the rate limit keeps small; the cap only has to bound the sending.
  const cap = config.limits.pushSubscriptionsPerAddress;
  if (input.showIds.length > 0 && (await repo.activeAtAddress(source.address, tenant, endpoint)) >= cap) throw conflict(tooManySubscriptions(cap));
  const { id, created } = await repo.save(tenant, input.subscription, input.showIds, { ...source, endpointHost: pushServiceHost(endpoint) }, now);
  return { id, showIds: await repo.showIdsOf(id), created };
}

/** 409 (not 429: waiting does not help, only unsubscribing does) — docs/api.md. */
export const tooManySubscriptions = (cap: number): string =>
  `Too many reminder subscriptions from this network (${cap}, the most one address may hold): turn reminders off in another browser on it first`;

/** The radio page of the subscription's tenant (docs/api.md: with ?tenant=caribbean on that tenant). */
export function radioPageUrl(origin: string, tenant: Tenant): string {
  return `${origin}/${tenant === 'caribbean' ? '?tenant=caribbean' : ''}`;
}

export function reminderPayload(show: Pick<Show, 'id' | 'title' | 'description'>, sub: Pick<StoredSubscription, 'origin' | 'tenant'>, startsAtMs: number): ReminderPayload {
  return {
    title: reminderTitle(show.title),
    body: reminderBody(show.description),
    url: radioPageUrl(sub.origin, sub.tenant),
    showId: show.id,
    startsAt: new Date(startsAtMs).toISOString(),
  };
}

/** VAPID_SUBJECT, else https:// and the host the app is served on (RFC 8292 section 2.1). */
export function vapidSubject(config: Config, origin: string): string {
  if (config.vapidSubject) return config.vapidSubject;
  return `https://${new URL(config.publicUrl ?? origin).host}`;
}

export type SendOutcome = 'sent' | 'gone' | 'failed';

/**
 * The signed VAPID header of a push service (its origin is the token's audience). Signing costs
 * several times the encryption, so a token is made once an hour per push service and subject
 * and reused, as RFC 8292 section 2 allows; web-push makes each valid for 12 hours.
 */
const VAPID_REUSE_MS = 60 * 60_000;
const vapidHeaders = new Map<string, { authorization: string; madeAt: number }>();

function vapidAuthorization(endpoint: string, subject: string, keys: VapidKeys): string {
  const audience = new URL(endpoint).origin;
  const cacheKey = `${audience} ${subject} ${keys.publicKey}`;
  const at = Date.now();
  const cached = vapidHeaders.get(cacheKey);
  if (cached && at - cached.madeAt < VAPID_REUSE_MS) return cached.authorization;
  const authorization = String(webpush.getVapidHeaders(audience, subject, keys.publicKey, keys.privateKey, 'aes128gcm').Authorization);
  // Push services are few; the bound only keeps a long-running process's map small.
  if (vapidHeaders.size >= 1000) vapidHeaders.clear();
  vapidHeaders.set(cacheKey, { authorization, madeAt: at });
  return authorization;
}

/**
 * Encrypts (RFC 8291, aes128gcm) with the web-push library and signs (VAPID, above), then sends
 * through `transport`. 404 and 410 mean the browser's subscription no longer exists.
 */
export async function sendReminder(
  transport: PushTransport,
  config: Config,
  keys: VapidKeys,
  sub: StoredSubscription,
  payload: ReminderPayload,
): Promise<{ outcome: SendOutcome; detail?: string }> {
  const details = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: sub.keys }, JSON.stringify(payload), {
    TTL: REMINDER_TTL_SECONDS,
    urgency: REMINDER_URGENCY,
    contentEncoding: 'aes128gcm',
  });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers as Record<string, unknown>)) headers[name] = String(value);
  headers.Authorization = vapidAuthorization(details.endpoint, vapidSubject(config, sub.origin), keys);
  let status: number;
  let text = '';
  try {
    const res = await transport(details.endpoint, { method: details.method, headers, body: details.body ?? Buffer.alloc(0), timeoutMs: SEND_TIMEOUT_MS });
    status = res.status;
    if (status >= 300) text = (await res.text().catch(() => '')).slice(0, 200);
  } catch (err) {
    return { outcome: 'failed', detail: err instanceof Error ? err.message : String(err) };
  }
  if (status >= 200 && status < 300) return { outcome: 'sent' };
  if (status === 404 || status === 410) return { outcome: 'gone' };
  return { outcome: 'failed', detail: `${status}${text ? ` ${text}` : ''}` };
}
