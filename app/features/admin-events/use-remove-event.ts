import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../lib/admin-api';
import { eventsKeys } from '../../lib/events.queries';
import { adminEventsKeys } from './admin-events.queries';

/** DELETE /api/events/{id}. */
export function useRemoveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminApi<void>(`/api/events/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminEventsKeys.list() }),
        queryClient.invalidateQueries({ queryKey: eventsKeys.all }),
      ]),
  });
}
