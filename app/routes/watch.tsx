import { createFileRoute } from '@tanstack/react-router';
import { ErrorState } from '../components/states';
import { WatchPage } from '../features/watch/watch-page';
import { WatchPending } from '../features/watch/watch-pending';
import { nowPlayingQuery } from '../features/radio/api';
import { settingsQuery } from '../features/settings/api';

export const Route = createFileRoute('/watch')({
  loader: ({ context }) => Promise.all([context.queryClient.ensureQueryData(settingsQuery()), context.queryClient.prefetchQuery(nowPlayingQuery())]),
  pendingComponent: WatchPending,
  component: WatchPage,
  errorComponent: ({ error }) => <ErrorState error={error} />,
});
