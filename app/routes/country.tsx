import { createFileRoute } from '@tanstack/react-router';
import { ErrorState } from '../components/states';
import { CountryPage } from '../features/artists/country-page';
import { CountrySearch } from '../features/artists/country-search';
import { approvedArtistsQuery } from '../features/artists/api';
import { prefetchForPage } from '../lib/server-render';

export const Route = createFileRoute('/country')({
  validateSearch: CountrySearch,
  loader: ({ context }) => {
    prefetchForPage(context.queryClient, approvedArtistsQuery());
  },
  component: CountryPage,
  errorComponent: ({ error }) => <ErrorState error={error} />,
});
