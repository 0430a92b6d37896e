import { createFileRoute } from '@tanstack/react-router';
import { AdminLayout } from '../../features/people/admin/admin-gate';
import { adminAccessAsked } from '../../features/people/admin/admin-session';
import { ErrorState } from '../../components/states';

// Every /admin/* page: the admin-key gate and the admin menu, held once. Whether a session is
// open is asked before the first render (admin-session.ts), except by the invite's page,
// whose visitor has none yet.
export const Route = createFileRoute('/admin')({
  loader: ({ location }) => (location.pathname === '/admin/join' ? undefined : adminAccessAsked().then(() => undefined)),
  component: AdminLayout,
  errorComponent: ({ error }) => <ErrorState error={error} />,
});
