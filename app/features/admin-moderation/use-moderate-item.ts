import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../components/toasts';
import { adminApi } from '../../lib/admin-api';
import { invalidateQueues } from '../../api/moderation-queues';
import { moderationKeys } from './admin-moderation.queries';
import { MODERATED_FAILED_DESCRIPTION, MODERATION_FAILED_TITLE, MODERATION_SUCCESS, moderationRequest, type ModeratedKind, type ModerationAction } from './moderation-actions';

/**
 * One row's approve / feature / reject. Nothing changes on screen until the server agrees:
 * on failure the row stays as it was and the server's own words are shown (unlike the
 * original, which ignored failures). The mutation stays pending until the lists are
 * refetched, so a second tap cannot land on a row that is about to disappear.
 */
export function useModerateItem(kind: ModeratedKind) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: ModerationAction }) => {
      const { path, body } = moderationRequest(kind, id, action);
      return adminApi<unknown>(path, { method: 'PATCH', body });
    },
    onSuccess: () => {
      toast({ title: MODERATION_SUCCESS[kind] });
      // Public artist, track and prayer lists live in their own features (their key factories
      // are not in lib/); they revalidate on their own short staleness.
      return Promise.all([queryClient.invalidateQueries({ queryKey: moderationKeys.all() }), invalidateQueues(queryClient)]);
    },
    onError: (err) => {
      toast({ title: MODERATION_FAILED_TITLE, description: err.message || MODERATED_FAILED_DESCRIPTION, variant: 'destructive' });
    },
  });
}
