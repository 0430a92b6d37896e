import { createFileRoute } from '@tanstack/react-router';
import { prefetchTopAd } from '../components/ad-slot';
import { ErrorState } from '../components/states';
import { RadioPage } from '../features/radio/radio-page';
import { nowPlayingQuery } from '../api/np';

export const Route = createFileRoute('/')({
  loader: ({ context, preload }) => {
    prefetchTopAd(context.queryClient, 'leaderboard', preload);
    return context.queryClient.prefetchQuery(nowPlayingQuery());
  },
  component: RadioPage,
  errorComponent: ({ error }) => <ErrorState error={error} />,
});
