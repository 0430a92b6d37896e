import { createFileRoute } from '@tanstack/react-router';
import { AdminGate } from '../../components/admin-gate';
import { ErrorState } from '../../components/states';
import { SettingsPage } from '../../features/admin-settings/settings-page';

// No loader: the settings form needs the admin key, which only the unlocked page has.
export const Route = createFileRoute('/admin/settings')({
  component: () => (
    <AdminGate buttonLabel="Access Settings" successDescription="You can now manage settings.">
      <SettingsPage />
    </AdminGate>
  ),
  errorComponent: ({ error }) => <ErrorState error={error} />,
});
