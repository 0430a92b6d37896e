import { createFileRoute } from '@tanstack/react-router';
import { prefetchTopAd } from '../../features/ads/ad-slot';
import { ErrorState } from '../../components/states';
import { ArtistsLanding } from '../../features/artists/artists-landing';
import { approvedArtistsQuery } from '../../features/artists/api';
import { prefetchForPage } from '../../lib/server-render';

export const Route = createFileRoute('/artists/')({
  // Not awaited: the page opens at once with its placeholders on a slow connection.
  loader: ({ context, preload }) => {
    prefetchTopAd(context.queryClient, 'artists', preload);
    prefetchForPage(context.queryClient, approvedArtistsQuery());
  },
  component: ArtistsLanding,
  errorComponent: ({ error }) => <ErrorState error={error} />,
});
