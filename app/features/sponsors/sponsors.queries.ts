import { queryOptions } from '@tanstack/react-query';
import { PUBLIC_LIST_STALE_MS } from '../../query-client';
import type { Sponsor } from '../../../domain/sponsors';
import type { Tenant } from '../../../domain/tenants';
import { api } from '../../lib/api-client';
import { currentTenant } from '../../lib/tenant';

/** What a visitor receives: never the notes (api.md), and a tier that may be anything (spec.md §3). */
export type PublicSponsor = Omit<Sponsor, 'notes' | 'tier'> & { tier: string };

// Sponsors are scoped per tenant (api.md), so every key carries it.
export const sponsorKeys = {
  all: ['sponsors'] as const,
  tenant: (tenant: Tenant) => ['sponsors', tenant] as const,
  active: (tenant: Tenant) => ['sponsors', tenant, 'active'] as const,
  /** Mutation key: the outbox finds a queued application's sender by it after a restart. */
  apply: ['sponsors', 'apply'] as const,
};

export const activeSponsorsQuery = () =>
  queryOptions({
    queryKey: sponsorKeys.active(currentTenant()),
    queryFn: ({ signal }) => api<PublicSponsor[]>('/api/sponsors', { signal }),
    staleTime: PUBLIC_LIST_STALE_MS,
  });
