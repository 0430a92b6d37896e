/// <reference lib="webworker" />
import type { ReminderPayload } from '../domain/push';
import { builtInIconUrl, resolveTenant, tenantApiPath, type Tenant } from '../domain/tenants';
import { PUSH_PATHS, REMINDER_STORE, reminderStoreKey, type StoredReminders } from '../domain/push-store';

/**
 * Show reminders by Web Push (docs/api.md "Reminders by Web Push"): the server's push is
 * shown as a notification with the station's icon and badge; a tap focuses a window of the
 * app on the radio page, or opens one. When the browser rotates the subscription
 * (pushsubscriptionchange) the worker subscribes again and tells the server, per tenant,
 * with the shows the app last saved (REMINDER_STORE), so no reminder is lost.
 */

const tenantOf = (url: string): Tenant => {
  try {
    const u = new URL(url);
    return resolveTenant(u.hostname, u.searchParams.get('tenant'));
  } catch {
    return 'watzhott';
  }
};

/** The payload as sent, or null when it is not ours (a push must still show something). */
export function readReminder(data: { json(): unknown } | null | undefined): ReminderPayload | null {
  try {
    const p = data?.json() as Partial<ReminderPayload> | undefined;
    if (!p || typeof p.title !== 'string' || typeof p.url !== 'string') return null;
    return { title: p.title, body: typeof p.body === 'string' ? p.body : '', url: p.url, showId: String(p.showId ?? ''), startsAt: String(p.startsAt ?? '') };
  } catch {
    return null;
  }
}

/**
 * Where a tap on the notification goes: the payload's page when it is on our origin; else
 * (PUBLIC_URL names another spelling of the host, or the payload is not ours) the radio page
 * here, of the tenant the link named.
 */
export function clickTarget(url: unknown, origin: string): string {
  if (typeof url === 'string') {
    try {
      const u = new URL(url, origin);
      if (u.origin === origin) return u.href;
      return `${origin}/${tenantOf(u.href) === 'caribbean' ? '?tenant=caribbean' : ''}`;
    } catch {
      // not a URL: the radio page below
    }
  }
  return `${origin}/`;
}

/** What the click handler needs of a WindowClient. */
export interface WindowLike {
  url: string;
  focus(): Promise<WindowLike | null | undefined | void>;
  navigate(url: string): Promise<unknown>;
}

/**
 * A window of the app already open is reused (focused, and moved to the radio page of the
 * right tenant unless it is there); otherwise a new one opens.
 */
export async function focusOrOpen(target: string, windows: readonly WindowLike[], openWindow: (url: string) => Promise<unknown>): Promise<void> {
  const wanted = new URL(target);
  const same = windows.find((w) => {
    const u = new URL(w.url);
    return u.pathname === wanted.pathname && u.search === wanted.search;
  });
  if (same) {
    await same.focus();
    return;
  }
  const any = windows[0];
  if (any) {
    const focused = (await any.focus()) || any;
    await focused.navigate(target).catch(() => openWindow(target));
    return;
  }
  await openWindow(target);
}

export function showReminders(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('push', (event) => {
    const reminder = readReminder(event.data);
    const title = reminder?.title ?? 'Show reminder';
    const tenant = tenantOf(reminder?.url ?? scope.location.href);
    event.waitUntil(
      scope.registration.showNotification(title, {
        body: reminder?.body ?? '',
        icon: builtInIconUrl(tenant, 192),
        badge: `/icons/${tenant}-badge.png`,
        // One notification per airing, even if the push came twice.
        tag: reminder ? `reminder-${reminder.showId}-${reminder.startsAt}` : 'reminder',
        data: { url: reminder?.url ?? `${scope.location.origin}/` },
      }),
    );
  });

  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const target = clickTarget((event.notification.data as { url?: unknown } | null)?.url, scope.location.origin);
    event.waitUntil(
      scope.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => focusOrOpen(target, windows, (url) => scope.clients.openWindow(url))),
    );
  });

  scope.addEventListener('pushsubscriptionchange', (event) => {
    const change = event as Event & { oldSubscription?: PushSubscription | null; newSubscription?: PushSubscription | null; waitUntil(p: Promise<unknown>): void };
    change.waitUntil(
      resubscribe(
        {
          store: () => caches.open(REMINDER_STORE),
          fetch: (url, init) => fetch(url, init),
          subscribe: (key) => scope.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
          publicKey: async () => ((await (await fetch(PUSH_PATHS.key)).json()) as { publicKey: string }).publicKey,
        },
        change.oldSubscription ?? null,
        change.newSubscription ?? null,
      ),
    );
  });
}

/** What resubscribe needs of the worker: Cache Storage, fetch and the push manager. */
export interface ResubscribeEnv {
  store: () => Promise<Pick<Cache, 'match' | 'put'>>;
  fetch: (url: string, init: { method: string; headers: Record<string, string>; body: string }) => Promise<{ ok: boolean }>;
  subscribe: (applicationServerKey: string | BufferSource) => Promise<Pick<PushSubscription, 'endpoint' | 'toJSON'>>;
  /** GET /api/push/key, when the old subscription does not say which key it was made with. */
  publicKey: () => Promise<string>;
}

type SubscriptionLike = Pick<PushSubscription, 'endpoint' | 'toJSON'> & { options?: { applicationServerKey: ArrayBuffer | null } };

/**
 * The browser replaced (or dropped) the subscription: subscribe again where it gave no new one,
 * then, for each tenant with shows chosen here, tell the server the new endpoint with those
 * shows and forget the old one, and keep the new endpoint with the list.
 */
export async function resubscribe(env: ResubscribeEnv, oldSub: SubscriptionLike | null, newSub: SubscriptionLike | null): Promise<void> {
  const store = await env.store();
  let sub = newSub;
  if (!sub) {
    const key = oldSub?.options?.applicationServerKey ?? (await env.publicKey());
    sub = await env.subscribe(key);
  }
  const json = sub.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  const send = (tenant: Tenant, method: 'POST' | 'DELETE', body: unknown) =>
    env.fetch(tenantApiPath(PUSH_PATHS.subscriptions, tenant), { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  for (const tenant of ['watzhott', 'caribbean'] as const) {
    const stored = await store.match(reminderStoreKey(tenant));
    if (!stored) continue;
    const record = (await stored.json()) as StoredReminders;
    const oldEndpoint = oldSub?.endpoint ?? record.endpoint;
    if (oldEndpoint && oldEndpoint !== json.endpoint) await send(tenant, 'DELETE', { endpoint: oldEndpoint }).catch(() => undefined);
    if (record.showIds.length === 0) continue;
    const res = await send(tenant, 'POST', { subscription: { endpoint: json.endpoint, keys: json.keys }, showIds: record.showIds });
    // Kept as sent only once the server has it; otherwise the app sends it again on its next visit.
    if (res.ok) await store.put(reminderStoreKey(tenant), new Response(JSON.stringify({ endpoint: json.endpoint, showIds: record.showIds } satisfies StoredReminders)));
  }
}
