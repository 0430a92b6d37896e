import { createFileRoute } from '@tanstack/react-router';
import { ErrorState } from '../components/states';
import { PrayerWallPage } from '../features/community/prayer-wall';
import { LinkOutPage } from '../features/links-out/link-out-page';
import { settingsQuery } from '../api/settings';
import { currentTenant } from '../lib/tenant';

// docs/product.md#screens: the prayer wall on caribbean; elsewhere a link out to the community URL.
// The prayer list is left to the page: it revalidates on every visit, and a loader that
// waited for it would hold the whole page (form included) while offline.
export const Route = createFileRoute('/community')({
  loader: ({ context }) => context.queryClient.ensureQueryData(settingsQuery()),
  component: () => (currentTenant() === 'caribbean' ? <PrayerWallPage /> : <LinkOutPage kind="community" />),
  errorComponent: ({ error }) => <ErrorState error={error} />,
});
