import { createFileRoute } from '@tanstack/react-router';
import { ErrorState } from '../../components/states';
import { ArtistDirectory } from '../../features/artists/artist-directory';
import { DirectorySearch } from '../../features/artists/directory-search';
import { approvedArtistsQuery } from '../../features/artists/api';
import { tracksQuery } from '../../features/tracks/api';
import { prefetchForPage } from '../../lib/server-render';

export const Route = createFileRoute('/artists/directory')({
  validateSearch: DirectorySearch,
  // Not awaited: the 12 placeholders show while a slow connection answers.
  loader: ({ context }) => {
    prefetchForPage(context.queryClient, approvedArtistsQuery());
    prefetchForPage(context.queryClient, tracksQuery());
  },
  component: ArtistDirectory,
  errorComponent: ({ error }) => <ErrorState error={error} />,
});
