import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../lib/admin-api';
import { adminSponsorsKeys } from './admin-sponsors.queries';

/** DELETE /api/sponsors/{id}. */
export function useDeleteSponsor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminApi<void>(`/api/sponsors/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminSponsorsKeys.list() }),
  });
}
