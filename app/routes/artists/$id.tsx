import { createFileRoute } from '@tanstack/react-router';
import { ErrorState } from '../../components/states';
import { ArtistDetail } from '../../features/artists/artist-detail';
import { artistQuery } from '../../features/artists/api';
import { artistTracksQuery } from '../../features/tracks/api';
import { prefetchForPage } from '../../lib/server-render';

export const Route = createFileRoute('/artists/$id')({
  loader: ({ context, params }) => {
    prefetchForPage(context.queryClient, artistQuery(params.id, context.queryClient));
    prefetchForPage(context.queryClient, artistTracksQuery(params.id, context.queryClient));
  },
  component: ArtistDetailRoute,
  errorComponent: ({ error }) => <ErrorState error={error} />,
});

function ArtistDetailRoute() {
  const { id } = Route.useParams();
  return <ArtistDetail key={id} id={id} />;
}
