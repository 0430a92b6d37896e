import type { QueryClient } from '@tanstack/react-query';
import { sponsorKeys } from './sponsors.queries';
import { submitApplicationOptions } from './use-submit-sponsor-application';

/**
 * Functions are not persisted: an application queued offline and restored after the app
 * restarts finds its sender here. Call before the persisted cache is restored.
 */
export function registerSponsorsOutbox(queryClient: QueryClient): void {
  queryClient.setMutationDefaults(sponsorKeys.apply, submitApplicationOptions());
}
