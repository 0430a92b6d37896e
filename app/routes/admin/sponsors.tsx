import { createFileRoute } from '@tanstack/react-router';
import { AdminGate } from '../../components/admin-gate';
import { ErrorState } from '../../components/states';
import { SponsorsAdminPage } from '../../features/admin-sponsors/sponsors-admin-page';

// No loader: the sponsors list needs the admin key, which only the unlocked page has.
export const Route = createFileRoute('/admin/sponsors')({
  component: () => (
    <AdminGate buttonLabel="Access Sponsors" successDescription="You can now manage sponsors.">
      <SponsorsAdminPage />
    </AdminGate>
  ),
  errorComponent: ({ error }) => <ErrorState error={error} />,
});
