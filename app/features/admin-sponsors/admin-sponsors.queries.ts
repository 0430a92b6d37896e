import { queryOptions } from '@tanstack/react-query';
import type { Sponsor } from '../../../domain/sponsors';
import { adminApi, adminKeyRoot } from '../../lib/admin-api';

// Under adminKeyRoot() (['admin', tenant, …]) so the offline persister leaves them out:
// the notes hold applicants' contact details.
export const adminSponsorsKeys = {
  all: () => [...adminKeyRoot(), 'sponsors'] as const,
  list: () => [...adminSponsorsKeys.all(), 'list'] as const,
};

/** Every sponsor of the tenant, applications (inactive) included, with notes (admin). */
export const adminSponsorsQuery = () =>
  queryOptions({
    queryKey: adminSponsorsKeys.list(),
    queryFn: ({ signal }) => adminApi<Sponsor[]>('/api/sponsors', { signal }),
    staleTime: 0,
    gcTime: 5 * 60 * 1000,
  });
