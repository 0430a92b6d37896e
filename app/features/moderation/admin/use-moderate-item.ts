import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { invalidateArtists, moderateArtist } from '../../artists/api';
import { invalidatePrayers, moderatePrayer } from '../../community/api';
import { invalidateShoutouts, moderateShoutout } from '../../shoutouts/api';
import { invalidateTracks, moderateTrack } from '../../tracks/api';
import { useToast } from '../../../components/toasts';
import { invalidateQueues } from '../api';
import {
  MODERATED_FAILED_DESCRIPTION,
  MODERATION_FAILED_TITLE,
  MODERATION_SUCCESS,
  moderationPatch,
  type ModeratedKind,
  type ModerationAction,
} from './moderation-actions';

/** Each kind's PATCH and what it refreshes: the public lists and every admin list (the dashboard's too). */
export const RESOURCES: Record<ModeratedKind, { send: (id: string, action: ModerationAction) => Promise<unknown>; refresh: (qc: QueryClient) => Promise<unknown> }> = {
  artists: { send: (id, action) => moderateArtist(id, moderationPatch('artists', action)), refresh: invalidateArtists },
  tracks: { send: (id, action) => moderateTrack(id, moderationPatch('tracks', action)), refresh: invalidateTracks },
  prayers: { send: (id, action) => moderatePrayer(id, moderationPatch('prayers', action)), refresh: invalidatePrayers },
  shoutouts: { send: (id, action) => moderateShoutout(id, moderationPatch('shoutouts', action)), refresh: invalidateShoutouts },
};

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
    mutationFn: ({ id, action }: { id: string; action: ModerationAction }) => RESOURCES[kind].send(id, action),
    onSuccess: () => {
      toast({ title: MODERATION_SUCCESS[kind] });
      // The paged moderation queues too: a moderated row leaves its queue.
      return Promise.all([RESOURCES[kind].refresh(queryClient), invalidateQueues(queryClient)]);
    },
    onError: (err) => {
      toast({ title: MODERATION_FAILED_TITLE, description: err.message || MODERATED_FAILED_DESCRIPTION, variant: 'destructive' });
    },
  });
}
