import { createFileRoute } from '@tanstack/react-router';
import { prefetchTopAd } from '../features/ads/ad-slot';
import { ErrorState } from '../components/states';
import { SchedulePage } from '../features/schedule/schedule-page';
import { SchedulePending } from '../features/schedule/schedule-pending';
import { showsQuery } from '../features/schedule/api';
import { settingsQuery } from '../features/settings/api';
import { warmUpDeviceTimeZone } from '../lib/device-time-zone';

export const Route = createFileRoute('/schedule')({
  // The tenant's time zone (settings) places the shows; a settings failure still shows them
  // in the default zone, so only the shows may fail the route.
  loader: ({ context, preload }) => {
    prefetchTopAd(context.queryClient, 'schedule', preload);
    // The week is laid out in time zones with Intl: the dates worker sets ICU up meanwhile.
    if (!preload) warmUpDeviceTimeZone();
    return Promise.all([context.queryClient.ensureQueryData(showsQuery()), context.queryClient.prefetchQuery(settingsQuery())]);
  },
  pendingComponent: SchedulePending,
  component: SchedulePage,
  errorComponent: ({ error }) => <ErrorState error={error} />,
});
