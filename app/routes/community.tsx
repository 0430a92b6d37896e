import { createFileRoute } from '@tanstack/react-router';
import { ErrorState } from '../components/states';
import { PrayerWallPage } from '../features/community/prayer-wall';
import { LinkOutPage } from '../features/links-out/link-out-page';
import { settingsQuery } from '../api/settings';
import { approvedPrayersQuery } from '../api/prayers';
import { currentTenant } from '../lib/tenant';

/** How long the page waits for the prayer list before it is drawn without it. */
const PRAYERS_WAIT_MS = 1_000;

// docs/product.md#screens: the prayer wall on caribbean; elsewhere a link out to the community URL.
// The prayer list revalidates on every visit; the loader waits for it a second at most, so
// the wall is drawn with its list and the form does not jump down under the listener when the
// list arrives (issue 29: a layout shift of 0.36 on a phone), while offline or on a slow
// network the page, form included, still comes within that second.
export const Route = createFileRoute('/community')({
  loader: async ({ context }) => {
    const settings = await context.queryClient.ensureQueryData(settingsQuery());
    if (currentTenant() !== 'caribbean' || !settings.enablePrayerWall) return settings;
    await Promise.race([
      context.queryClient.prefetchQuery(approvedPrayersQuery()),
      new Promise((resolve) => setTimeout(resolve, PRAYERS_WAIT_MS)),
    ]);
    return settings;
  },
  component: () => (currentTenant() === 'caribbean' ? <PrayerWallPage /> : <LinkOutPage kind="community" />),
  errorComponent: ({ error }) => <ErrorState error={error} />,
});
