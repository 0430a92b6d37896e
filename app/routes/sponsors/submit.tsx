import { createFileRoute } from '@tanstack/react-router';
import { ErrorState } from '../../components/states';
import { SponsorApplicationPage } from '../../features/sponsors/sponsor-application-page';

export const Route = createFileRoute('/sponsors/submit')({
  component: SponsorApplicationPage,
  errorComponent: ({ error }) => <ErrorState error={error} />,
});
