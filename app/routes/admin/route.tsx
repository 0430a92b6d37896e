import { createFileRoute } from '@tanstack/react-router';
import { AdminLayout } from '../../features/people/admin/admin-gate';
import { ErrorState } from '../../components/states';

// Every /admin/* page: the admin-key gate and the admin menu, held once.
export const Route = createFileRoute('/admin')({
  component: AdminLayout,
  errorComponent: ({ error }) => <ErrorState error={error} />,
});
