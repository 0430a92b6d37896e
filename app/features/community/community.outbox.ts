import type { QueryClient } from '@tanstack/react-query';
import { prayerKeys } from './community.queries';
import { addHeartOptions } from './use-add-heart';
import { submitPrayerOptions } from './use-submit-prayer';

/**
 * Functions are not persisted: a prayer or heart queued offline and restored after the app
 * restarts finds its sender here. Call before the persisted cache is restored.
 */
export function registerCommunityOutbox(queryClient: QueryClient): void {
  queryClient.setMutationDefaults(prayerKeys.submit, submitPrayerOptions());
  queryClient.setMutationDefaults(prayerKeys.heart, addHeartOptions(queryClient));
}
