import { queryOptions } from '@tanstack/react-query';
import type { Prayer } from '../../../domain/prayers';
import type { Tenant } from '../../../domain/tenants';
import { api } from '../../lib/api-client';
import { currentTenant } from '../../lib/tenant';

// Prayers are scoped per tenant (api.md), so every query key carries it.
export const prayerKeys = {
  all: ['prayers'] as const,
  tenant: (tenant: Tenant) => ['prayers', tenant] as const,
  approved: (tenant: Tenant) => ['prayers', tenant, 'approved'] as const,
  /** Mutation keys: the outbox finds a queued write's sender by these after a restart. */
  submit: ['prayers', 'submit'] as const,
  heart: ['prayers', 'heart'] as const,
};

export const approvedPrayersQuery = () =>
  queryOptions({
    queryKey: prayerKeys.approved(currentTenant()),
    queryFn: ({ signal }) => api<Prayer[]>('/api/prayers?approved=true', { signal }),
    // Prayers reach the wall whenever an admin approves them, and the cache outlives the
    // page (IndexedDB): each visit shows what it has at once and revalidates (ETag, 304).
    staleTime: 0,
  });
