import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Prayer, PrayerHearts } from '../../../domain/prayers';
import { api } from '../../lib/api-client';
import { currentTenant } from '../../lib/tenant';
import { prayerKeys } from './community.queries';

export interface AddHeartVariables {
  prayer: Pick<Prayer, 'id' | 'hearts'>;
  /** Made when the visitor presses the heart, so a retried delivery counts once. */
  idempotencyKey: string;
}

/** spec.md §7: PATCH { hearts: current + 1 }, then the prayer list is refetched. */
export function useAddHeart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ prayer, idempotencyKey }: AddHeartVariables) =>
      api<PrayerHearts>(`/api/prayers/${encodeURIComponent(prayer.id)}`, {
        method: 'PATCH',
        body: { hearts: prayer.hearts + 1 },
        idempotencyKey,
      }),
    onSuccess: (result) => {
      const tenant = currentTenant();
      // The server's count shows at once; the refetch then brings everyone else's hearts.
      queryClient.setQueryData<Prayer[]>(prayerKeys.approved(tenant), (list) =>
        list?.map((p) => (p.id === result.id ? { ...p, hearts: result.hearts } : p)),
      );
      return queryClient.invalidateQueries({ queryKey: prayerKeys.tenant(tenant) });
    },
  });
}
