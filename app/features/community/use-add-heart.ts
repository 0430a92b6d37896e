import { useMutation, useQueryClient, type MutationOptions, type QueryClient } from '@tanstack/react-query';
import type { Prayer, PrayerHearts } from '../../../domain/prayers';
import { api } from '../../lib/api-client';
import { outboxMutationOptions, type OutboxVariables } from '../../lib/offline/outbox';
import { currentTenant } from '../../lib/tenant';
import { prayerKeys } from './community.queries';

/** spec.md §7: { hearts: current + 1 }; the server adds exactly one whatever is sent. */
export interface HeartPayload {
  id: string;
  hearts: number;
}

const sendHeart = ({ id, hearts }: HeartPayload, idempotencyKey: string) =>
  api<PrayerHearts>(`/api/prayers/${encodeURIComponent(id)}`, { method: 'PATCH', body: { hearts }, idempotencyKey });

/**
 * A heart goes through the outbox (product.md: hearts given offline are delivered once), then
 * the prayer list is refetched (spec.md §7). Shared by the hook and the outbox's restart
 * registration, so a heart queued before the app closed still refreshes the list.
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
