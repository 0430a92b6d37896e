import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../lib/admin-api';
import { adminScheduleKeys } from './admin-schedule.queries';

/** DELETE /api/shows/{id}. */
export function useRemoveShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminApi<void>(`/api/shows/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminScheduleKeys.shows() }),
  });
}
