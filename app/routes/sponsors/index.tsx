import { createFileRoute } from '@tanstack/react-router';
import { ErrorState } from '../../components/states';
import { SponsorsPage } from '../../features/sponsors/sponsors-page';
import { activeSponsorsQuery } from '../../features/sponsors/api';

export const Route = createFileRoute('/sponsors/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(activeSponsorsQuery()),
  component: SponsorsPage,
  errorComponent: ({ error }) => <ErrorState error={error} />,
});
