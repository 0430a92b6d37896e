import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerationQueue } from '../../../../domain/moderation';
import { deleteQueueItem, forEachLimited, invalidateQueues } from '../api';
import { useToast } from '../../../components/toasts';
import { MODERATED_FAILED_DESCRIPTION, MODERATION_FAILED_TITLE, type ModeratedKind } from './moderation-actions';
import { RESOURCES } from './use-moderate-item';

export type BulkAction = 'reject' | 'delete';

const NOUN: Record<ModeratedKind, [string, string]> = {
  artists: ['artist', 'artists'],
  tracks: ['track', 'tracks'],
  prayers: ['prayer', 'prayers'],
  shoutouts: ['shoutout', 'shoutouts'],
};
export const countOf = (kind: ModeratedKind, n: number) => `${n} ${NOUN[kind][n === 1 ? 0 : 1]}`;

/**
 * Reject or delete the selected rows together. Each row is its own request (a few at a time),
 * so one that fails leaves the others done; the toast says how many and the server's words
 * for the first failure, and `onSettled` hands back the ids that failed to keep them selected
 * (the page has taken the rows off the screen at the tap: those come back).
 */
export function useBulkModeration(kind: ModeratedKind & ModerationQueue, onSettled: (failed: string[]) => void) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: ({ action, ids }: { action: BulkAction; ids: string[] }) =>
      forEachLimited(ids, (id) => (action === 'delete' ? deleteQueueItem(kind, id) : RESOURCES[kind].send(id, 'reject'))),
    onSuccess: async ({ done, failed }, { action }) => {
      const verb = action === 'delete' ? 'deleted' : 'rejected';
      if (done.length > 0) toast({ title: `${countOf(kind, done.length)} ${verb}` });
      if (failed.length > 0) {
        toast({
          title: `${countOf(kind, failed.length)} not ${verb}`,
          description: failed[0]!.error.message || 'Please try again.',
          variant: 'destructive',
        });
      }
      onSettled(failed.map((f) => f.id));
      // The queues, and the resource's public and admin lists (the wall, the dashboard).
      await Promise.all([invalidateQueues(queryClient), RESOURCES[kind].refresh(queryClient)]);
    },
    // Nothing was done (forEachLimited keeps each row's own failure, so this is rare): every row back.
    onError: (error, { ids }) => {
      toast({ title: MODERATION_FAILED_TITLE, description: error.message || MODERATED_FAILED_DESCRIPTION, variant: 'destructive' });
      onSettled(ids);
    },
  });
}
