import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewShow, Show } from '../../../domain/shows';
import { adminApi } from '../../lib/admin-api';
import { adminScheduleKeys } from './admin-schedule.queries';

/** POST /api/shows for a new show, PATCH /api/shows/{id} for an edit. */
export function useSaveShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, show }: { id: string | null; show: NewShow }) =>
      id
        ? adminApi<Show>(`/api/shows/${encodeURIComponent(id)}`, { method: 'PATCH', body: show })
        : adminApi<Show>('/api/shows', { method: 'POST', body: show }),
    // The public schedule's cache belongs to the schedule feature (no key factory in lib/);
    // it is read fresh on the next full visit.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminScheduleKeys.shows() }),
  });
}
