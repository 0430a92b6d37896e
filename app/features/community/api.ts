import { useMutation, useQueryClient, type MutationOptions, type QueryClient } from '@tanstack/react-query';
import type { Prayer, PrayerHearts } from '../../../domain/prayers';
import { tenantHasPrayers, type Tenant } from '../../../domain/tenants';
import { api } from '../../lib/api-client';
import { outboxMutationOptions, type OutboxVariables } from '../../lib/offline/outbox';
import {
  adminApprovalListQuery,
  adminPatch,
  invalidateAdminAndPublic,
  moderatedPaths,
  postNew,
  publicQuery,
  tenantResourceKeys,
  type ApprovalFilter,
} from '../../lib/resource-queries';
import { currentTenant } from '../../lib/tenant';

export const prayersPaths = moderatedPaths('/api/prayers');

/** An admin read: every prayer, or only those with `approved` as given. */
export type PrayerFilter = ApprovalFilter;

// Prayers are scoped per tenant, so every query key carries it; the admin lists sit under
// adminKeyRoot() so the offline persister leaves them out.
export const prayerKeys = {
  ...tenantResourceKeys('prayers'),
  approved: (tenant: Tenant) => ['prayers', tenant, 'approved'] as const,
  adminList: (filter: PrayerFilter) => [...prayerKeys.admin(), filter] as const,
  /** Mutation keys: the outbox finds a queued write's sender by these after a restart. */
  submit: ['prayers', 'submit'] as const,
  heart: ['prayers', 'heart'] as const,
};

// Prayers reach the wall whenever an admin approves them, and the cache outlives the page
// (IndexedDB): each visit shows what it has at once and revalidates (ETag, 304).
export const approvedPrayersQuery = () => publicQuery<Prayer[]>(prayerKeys.approved(currentTenant()), prayersPaths.approved(true), { staleTime: 0 });

/** Caribbean only: elsewhere /api/prayers* answers 404, so it is never asked. */
export const adminPrayersQuery = (filter: PrayerFilter = {}) =>
  adminApprovalListQuery<Prayer[]>(prayerKeys.adminList(filter), prayersPaths, filter, { enabled: tenantHasPrayers(currentTenant()) });

/** POST /api/prayers: nameOptional is left out entirely when the visitor gave no name. */
export interface PrayerSubmission {
  text: string;
  nameOptional?: string;
}

export function prayerSubmission(text: string, name: string | null): PrayerSubmission {
  return name ? { text, nameOptional: name } : { text };
}

export const PRAYER_SUBMITTED = {
  title: 'Prayer Submitted',
  description: 'Your prayer request has been submitted for review.',
} as const;

/**
 * Through the outbox: offline, the prayer waits and is delivered once when the connection
 * returns, announced with the same toast even if the visitor left the page.
 * No invalidation: a new prayer waits for review, so the approved list cannot change yet.
 */
export const submitPrayerOptions = () => outboxMutationOptions<Prayer, PrayerSubmission>(prayerKeys.submit, postNew(prayersPaths.list), 'prayer', PRAYER_SUBMITTED);

export const useSubmitPrayer = () => useMutation(submitPrayerOptions());

/** { hearts: current + 1 }; the server adds exactly one whatever is sent. */
export interface HeartPayload {
  id: string;
  hearts: number;
}

const sendHeart = ({ id, hearts }: HeartPayload, idempotencyKey: string) =>
  api<PrayerHearts>(prayersPaths.one(id), { method: 'PATCH', body: { hearts }, idempotencyKey });

/**
 * A heart goes through the outbox (hearts given offline are delivered once), then the
 * prayer list is refetched. Shared by the hook and the outbox's restart registration, so a
 * heart queued before the app closed still refreshes the list.
 */
export function addHeartOptions(queryClient: QueryClient): MutationOptions<PrayerHearts, Error, OutboxVariables<HeartPayload>> {
  return {
    ...outboxMutationOptions(prayerKeys.heart, sendHeart, 'heart'),
    onSuccess: (result: PrayerHearts) => {
      const tenant = currentTenant();
      // The server's count shows at once; the refetch then brings everyone else's hearts.
      queryClient.setQueryData<Prayer[]>(prayerKeys.approved(tenant), (list) =>
        list?.map((p) => (p.id === result.id ? { ...p, hearts: result.hearts } : p)),
      );
      return queryClient.invalidateQueries({ queryKey: prayerKeys.tenant(tenant) });
    },
  };
}

export function heartPayload(prayer: Pick<Prayer, 'id' | 'hearts'>): HeartPayload {
  return { id: prayer.id, hearts: prayer.hearts + 1 };
}

export function useAddHeart() {
  return useMutation(addHeartOptions(useQueryClient()));
}

/**
 * Functions are not persisted: a prayer or heart queued offline and restored after the app
 * restarts finds its sender here. Call before the persisted cache is restored.
 */
export function registerPrayersOutbox(queryClient: QueryClient): void {
  queryClient.setMutationDefaults(prayerKeys.submit, submitPrayerOptions());
  queryClient.setMutationDefaults(prayerKeys.heart, addHeartOptions(queryClient));
}

/** PATCH /api/prayers/{id} by an admin (approve or reject). */
export const moderatePrayer = (id: string, patch: { approved: boolean }) => adminPatch<Prayer>(prayersPaths, id, patch);

/** After an admin write: the wall and every admin list of prayers. */
export const invalidatePrayers = (queryClient: QueryClient) => invalidateAdminAndPublic(queryClient, prayerKeys.admin(), prayerKeys.all);
