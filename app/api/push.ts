import type { PushKey, PushSubscriptionAnswer } from '../../domain/push';
import { api } from '../lib/api-client';

/** docs/api.md "Reminders by Web Push". */
export const pushPaths = {
  key: '/api/push/key',
  subscriptions: '/api/push/subscriptions',
} as const;

/** The VAPID public key the browser subscribes with (the same for every tenant and process). */
export const fetchPushKey = async (): Promise<string> => (await api<PushKey>(pushPaths.key)).publicKey;

/** Stores the browser's subscription with exactly these shows (201 new, 200 replaced). */
export const saveReminderSubscription = (subscription: { endpoint: string; keys: { p256dh: string; auth: string } }, showIds: string[]) =>
  api<PushSubscriptionAnswer>(pushPaths.subscriptions, { method: 'POST', body: { subscription, showIds } });

/** Forgets the browser's subscription on this tenant (204, also when unknown). */
export const deleteReminderSubscription = (endpoint: string) => api<void>(pushPaths.subscriptions, { method: 'DELETE', body: { endpoint } });
