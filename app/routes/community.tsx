import { createFileRoute } from '@tanstack/react-router';
import { ErrorState } from '../components/states';
import { PrayerWallPage } from '../features/community/prayer-wall';
import { LinkOutPage } from '../features/links-out/link-out-page';
import { settingsQuery } from '../features/settings/api';
import { approvedPrayersQuery } from '../features/community/api';
import { currentTenant } from '../lib/tenant';
import { prefetchForPage } from '../lib/server-render';

// docs/product.md#screens: the prayer wall on caribbean; elsewhere a link out to the community URL.
// The prayer list is started, not waited for: it revalidates on every visit, and a loader that
// waited for it would hold the whole page (form included) while offline. The server's render
// waits for it a moment (docs/server-render.md).
export const Route = createFileRoute('/community')({
  loader: ({ context }) => {
    if (currentTenant() === 'caribbean') prefetchForPage(context.queryClient, approvedPrayersQuery());
    return context.queryClient.ensureQueryData(settingsQuery());
  },
  component: () => (currentTenant() === 'caribbean' ? <PrayerWallPage /> : <LinkOutPage kind="community" />),
  errorComponent: ({ error }) => <ErrorState error={error} />,
});
