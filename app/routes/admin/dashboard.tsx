import { createFileRoute } from '@tanstack/react-router';
import { AdminGate } from '../../components/admin-gate';
import { ErrorState } from '../../components/states';
import { DashboardPage } from '../../features/admin-dashboard/dashboard-page';

// No loader: the data needs the admin key, which only the unlocked page has.
export const Route = createFileRoute('/admin/dashboard')({
  component: () => (
    <AdminGate buttonLabel="Access Dashboard" successDescription="Welcome to the admin dashboard.">
      <DashboardPage />
    </AdminGate>
  ),
  errorComponent: ({ error }) => <ErrorState error={error} />,
});
