import { createFileRoute } from '@tanstack/react-router';
import { ErrorState } from '../components/states';
import { CountryPage } from '../features/artists/country-page';
import { CountrySearch } from '../features/artists/country-search';
import { approvedArtistsQuery } from '../api/artists';

export const Route = createFileRoute('/country')({
  validateSearch: CountrySearch,
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(approvedArtistsQuery());
  },
  component: CountryPage,
  errorComponent: ({ error }) => <ErrorState error={error} />,
});
