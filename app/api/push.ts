import type { PushKey, PushSubscriptionAnswer } from '../../domain/push';
import { PUSH_PATHS } from '../../domain/push-store';
import { api } from '../lib/api-client';

/** The VAPID public key the browser subscribes with (the same for every tenant and process). */
export const fetchPushKey = async (): Promise<string> => (await api<PushKey>(PUSH_PATHS.key)).publicKey;

/** Stores the browser's subscription with exactly these shows (201 new, 200 replaced). */
export const saveReminderSubscription = (subscription: { endpoint: string; keys: { p256dh: string; auth: string } }, showIds: string[]) =>
  api<PushSubscriptionAnswer>(PUSH_PATHS.subscriptions, { method: 'POST', body: { subscription, showIds } });

/** Forgets the browser's subscription on this tenant (204, also when unknown). */
export const deleteReminderSubscription = (endpoint: string) => api<void>(PUSH_PATHS.subscriptions, { method: 'DELETE', body: { endpoint } });
