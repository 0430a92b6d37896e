import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Sponsor, SponsorPatch } from '../../../domain/sponsors';
import { adminApi } from '../../lib/admin-api';
import { adminSponsorsKeys } from './admin-sponsors.queries';

/** PATCH /api/sponsors/{id}: activate or deactivate, tier, name, logo and link. */
export function useUpdateSponsor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: SponsorPatch }) =>
      adminApi<Sponsor>(`/api/sponsors/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch }),
    // The public sponsors page's cache belongs to its feature (no key factory in lib/); it is
    // read fresh on its next full visit.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminSponsorsKeys.list() }),
  });
}
