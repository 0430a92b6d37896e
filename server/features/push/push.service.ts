import webpush from 'web-push';
import { PUSH_MESSAGES, reminderBody, reminderTitle, type NewPushSubscription, type PushSubscriptionAnswer, type ReminderPayload } from '../../../domain/push';
import type { Show } from '../../../domain/shows';
import type { Tenant } from '../../../domain/tenants';
import type { Config } from '../../config';
import type { Db } from '../../db/knex';
import { badRequest } from '../../http/errors';
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

/** POST /api/push/subscriptions: the shows must be this tenant's; the endpoint was checked by the router. */
export async function saveSubscription(db: Db, tenant: Tenant, input: NewPushSubscription, origin: string, now: number): Promise<PushSubscriptionAnswer & { created: boolean }> {
  const repo = pushRepository(db);
  const known = await repo.existingShowIds(tenant, input.showIds);
  const unknown = input.showIds.filter((id) => !known.has(id));
  if (unknown.length > 0) throw badRequest(PUSH_MESSAGES.unknownShow, [{ path: 'showIds', message: PUSH_MESSAGES.unknownShow }]);
  const { id, created } = await repo.save(tenant, input.subscription, input.showIds, origin, now);
  return { id, showIds: await repo.showIdsOf(id), created };
}

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
 * Encrypts (RFC 8291, aes128gcm) and signs (VAPID) with the web-push library, then sends
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
    vapidDetails: { subject: vapidSubject(config, sub.origin), publicKey: keys.publicKey, privateKey: keys.privateKey },
    TTL: REMINDER_TTL_SECONDS,
    urgency: REMINDER_URGENCY,
    contentEncoding: 'aes128gcm',
  });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers as Record<string, unknown>)) headers[name] = String(value);
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
