import { createFileRoute } from '@tanstack/react-router';
import { ErrorState } from '../components/states';
import { approvedPrayersQuery } from '../features/community/community.queries';
import { PrayerWallPage } from '../features/community/prayer-wall';
import { LinkOutPage } from '../features/links-out/link-out-page';
import { settingsQuery } from '../lib/settings.queries';
import { currentTenant } from '../lib/tenant';

// spec.md §2: the prayer wall on caribbean; elsewhere a link out to the community URL.
export const Route = createFileRoute('/community')({
  loader: async ({ context }) => {
    const settings = await context.queryClient.ensureQueryData(settingsQuery());
    if (currentTenant() === 'caribbean' && settings.enablePrayerWall) {
      // prefetch, not ensure: if only the list fails, the page still offers the form.
      await context.queryClient.prefetchQuery(approvedPrayersQuery());
    }
  },
  component: () => (currentTenant() === 'caribbean' ? <PrayerWallPage /> : <LinkOutPage kind="community" />),
  errorComponent: ({ error }) => <ErrorState error={error} />,
});
