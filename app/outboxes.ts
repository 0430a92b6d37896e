import type { QueryClient } from '@tanstack/react-query';
import { registerPrayersOutbox } from './features/community/api';
import { registerShoutoutsOutbox } from './features/shoutouts/api';
import { registerSponsorsOutbox } from './features/sponsors/api';
import { registerChatOutbox } from './features/chat/api';

/**
 * Queued writes persist without their functions: each outbox feature registers how to send its
 * kind, before the persisted queue is restored and resumed (main.tsx, with the persister). Its
 * own module, fetched with the persister: the forms use their options directly, and the
 * shoutout's upload code was part of every first visit's entry only for this (issue 29).
 */
export function registerOutboxes(queryClient: QueryClient): void {
  registerPrayersOutbox(queryClient);
  registerSponsorsOutbox(queryClient);
  registerShoutoutsOutbox(queryClient);
  registerChatOutbox(queryClient);
}
