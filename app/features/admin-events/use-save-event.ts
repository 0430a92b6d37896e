import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Event, NewEvent } from '../../../domain/events';
import { adminApi } from '../../lib/admin-api';
import { eventsKeys } from '../../lib/events.queries';
import { adminEventsKeys } from './admin-events.queries';

/** POST /api/events for a new event, PATCH /api/events/{id} for an edit. */
export function useSaveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, event }: { id: string | null; event: NewEvent }) =>
      id
        ? adminApi<Event>(`/api/events/${encodeURIComponent(id)}`, { method: 'PATCH', body: event })
        : adminApi<Event>('/api/events', { method: 'POST', body: event }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminEventsKeys.list() }),
        // The public events list (its key factory is in lib/) follows at once.
        queryClient.invalidateQueries({ queryKey: eventsKeys.all }),
      ]),
  });
}
