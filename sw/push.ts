/// <reference lib="webworker" />
import type { ReminderPayload } from '../domain/push';
import { resolveTenant, type Tenant } from '../domain/tenants';
import { REMINDER_STORE, reminderStoreKey, type StoredReminders } from '../domain/push-store';

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

/** Where a tap on the notification goes: the payload's page when it is on our origin, else the radio page. */
export function clickTarget(url: unknown, origin: string): string {
  if (typeof url === 'string') {
    try {
      const u = new URL(url, origin);
      if (u.origin === origin) return u.href;
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
        icon: `/icons/${tenant}-192.png`,
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
    change.waitUntil(resubscribe(scope, change.oldSubscription ?? null, change.newSubscription ?? null));
  });
}

async function resubscribe(scope: ServiceWorkerGlobalScope, oldSub: PushSubscription | null, newSub: PushSubscription | null): Promise<void> {
  const cache = await caches.open(REMINDER_STORE);
  let sub = newSub;
  if (!sub) {
    const key = oldSub?.options.applicationServerKey ?? ((await (await fetch('/api/push/key')).json()) as { publicKey: string }).publicKey;
    sub = await scope.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  }
  const json = sub.toJSON();
  for (const tenant of ['watzhott', 'caribbean'] as const) {
    const stored = await cache.match(reminderStoreKey(tenant));
    if (!stored) continue;
    const { showIds } = (await stored.json()) as StoredReminders;
    if (oldSub && oldSub.endpoint !== sub.endpoint) {
      await fetch(`/api/push/subscriptions?tenant=${tenant}`, { method: 'DELETE', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ endpoint: oldSub.endpoint }) }).catch(() => undefined);
    }
    if (showIds.length === 0) continue;
    await fetch(`/api/push/subscriptions?tenant=${tenant}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ subscription: { endpoint: json.endpoint, keys: json.keys }, showIds }),
    });
  }
}
