import { createFileRoute } from '@tanstack/react-router';
import { ErrorState } from '../../components/states';
import { ArtistDetail } from '../../features/artists/artist-detail';
import { artistQuery } from '../../api/artists';
import { artistTracksQuery } from '../../api/tracks';

export const Route = createFileRoute('/artists/$id')({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(artistQuery(params.id, context.queryClient));
    void context.queryClient.prefetchQuery(artistTracksQuery(params.id, context.queryClient));
  },
  component: ArtistDetailRoute,
  errorComponent: ({ error }) => <ErrorState error={error} />,
});

function ArtistDetailRoute() {
  const { id } = Route.useParams();
  return <ArtistDetail key={id} id={id} />;
}
