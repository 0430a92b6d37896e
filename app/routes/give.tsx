import { createFileRoute } from '@tanstack/react-router';
import { ErrorState } from '../components/states';
import { LinkOutPage } from '../features/links-out/link-out-page';
import { settingsQuery } from '../features/settings/api';

export const Route = createFileRoute('/give')({
  loader: ({ context }) => context.queryClient.ensureQueryData(settingsQuery()),
  component: () => <LinkOutPage kind="give" />,
  errorComponent: ({ error }) => <ErrorState error={error} />,
});
