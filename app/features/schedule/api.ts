import type { QueryClient } from '@tanstack/react-query';
import type { PushKey, PushSubscriptionAnswer } from '../../../domain/push';
import { PUSH_PATHS } from '../../../domain/push-store';
import type { NewShow, Show } from '../../../domain/shows';
import { api } from '../../lib/api-client';
import { adminDelete, adminQuery, adminSave, invalidateAdminAndPublic, publicQuery, resourcePaths, tenantResourceKeys, useAdminWrite } from '../../lib/resource-queries';
import { currentTenant } from '../../lib/tenant';

export const showsPaths = resourcePaths('/api/shows');

// Shows are scoped per tenant; the admin copy sits under adminKeyRoot() so the offline
// persister leaves it out.
export const showsKeys = tenantResourceKeys('shows');

/** GET /api/shows: the tenant's weekly shows, HH:MM in the tenant's timeZone setting. */
export const showsQuery = () => publicQuery<Show[]>(showsKeys.tenant(currentTenant()), showsPaths.list);

/** The same list for the schedule editor, fetched fresh on every visit. */
export const adminShowsQuery = () => adminQuery<Show[]>(showsKeys.admin(), showsPaths.list);

/** An admin write changes the public schedule as well as the editor's list. */
const invalidateShows = (queryClient: QueryClient) => invalidateAdminAndPublic(queryClient, showsKeys.admin(), showsKeys.all);

/** POST /api/shows for a new show, PATCH /api/shows/{id} for an edit. */
export const useSaveShow = () => useAdminWrite(({ id, show }: { id: string | null; show: NewShow }) => adminSave<Show>(showsPaths, id, show), invalidateShows);

/** DELETE /api/shows/{id}. */
export const useRemoveShow = () => useAdminWrite((id: string) => adminDelete(showsPaths, id), invalidateShows);

/** The VAPID public key the browser subscribes with (the same for every tenant and process). */
export const fetchPushKey = async (): Promise<string> => (await api<PushKey>(PUSH_PATHS.key)).publicKey;

/** Stores the browser's subscription with exactly these shows (201 new, 200 replaced). */
export const saveReminderSubscription = (subscription: { endpoint: string; keys: { p256dh: string; auth: string } }, showIds: string[]) =>
  api<PushSubscriptionAnswer>(PUSH_PATHS.subscriptions, { method: 'POST', body: { subscription, showIds } });

/** Forgets the browser's subscription on this tenant (204, also when unknown). */
export const deleteReminderSubscription = (endpoint: string) => api<void>(PUSH_PATHS.subscriptions, { method: 'DELETE', body: { endpoint } });
