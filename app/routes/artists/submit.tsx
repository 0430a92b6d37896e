import { createFileRoute } from '@tanstack/react-router';
import { ErrorState } from '../../components/states';
import { ArtistSubmission } from '../../features/artists/artist-submission';
import { settingsQuery } from '../../features/settings/api';

export const Route = createFileRoute('/artists/submit')({
  // Settings say whether the tenant embeds its own form; the page waits for them itself.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(settingsQuery());
  },
  component: ArtistSubmission,
  errorComponent: ({ error }) => <ErrorState error={error} />,
});
