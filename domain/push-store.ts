import type { Tenant } from './tenants';

/**
 * The shows a browser asked reminders for, per tenant, kept where both the app and the
 * service worker can read them (Cache Storage): the worker needs them to subscribe again
 * when the browser rotates the push subscription (pushsubscriptionchange).
 */
export const REMINDER_STORE = 'reminders-v1';
/** docs/api.md "Reminders by Web Push": the routes the app and the worker call. */
export const PUSH_PATHS = {
  key: '/api/push/key',
  subscriptions: '/api/push/subscriptions',
} as const;

export const reminderStoreKey = (tenant: Tenant): string => `/__reminders/${tenant}`;

export interface StoredReminders {
  /** The push endpoint the shows were registered with on the server. */
  endpoint: string;
  showIds: string[];
}
