import { createFileRoute } from '@tanstack/react-router';
import { prefetchTopAd } from '../features/ads/ad-slot';
import { ErrorState } from '../components/states';
import { loadShoutoutForm, RadioPage } from '../features/radio/radio-page';
import { settingsQuery } from '../features/settings/api';
import { nowPlayingQuery } from '../features/radio/api';

export const Route = createFileRoute('/')({
  loader: ({ context, preload }) => {
    prefetchTopAd(context.queryClient, 'leaderboard', preload);
    // The recorder's chunk with the page's data, when the station takes shoutouts.
    void context.queryClient.ensureQueryData(settingsQuery()).then((s) => (s.enableShoutouts ? loadShoutoutForm() : null), () => null);
    return context.queryClient.prefetchQuery(nowPlayingQuery());
  },
  component: RadioPage,
  errorComponent: ({ error }) => <ErrorState error={error} />,
});
