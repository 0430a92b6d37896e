import { queryOptions } from '@tanstack/react-query';
import type { Prayer } from '../../../domain/prayers';
import type { Tenant } from '../../../domain/tenants';
import { api } from '../../lib/api-client';
import { currentTenant } from '../../lib/tenant';

// Prayers are scoped per tenant (api.md), so every key carries it.
export const prayerKeys = {
  all: ['prayers'] as const,
  tenant: (tenant: Tenant) => ['prayers', tenant] as const,
  approved: (tenant: Tenant) => ['prayers', tenant, 'approved'] as const,
};

export const approvedPrayersQuery = () =>
  queryOptions({
    queryKey: prayerKeys.approved(currentTenant()),
    queryFn: ({ signal }) => api<Prayer[]>('/api/prayers?approved=true', { signal }),
    // Prayers reach the wall when an admin approves them, at any time: a return visit
    // revalidates (a cheap 304 when nothing changed) instead of trusting the cache forever.
    staleTime: 30_000,
  });
