import { createFileRoute } from '@tanstack/react-router';
import { AdminGate } from '../../components/admin-gate';
import { ErrorState } from '../../components/states';
import { AdsPage } from '../../features/admin-ads/ads-page';

// No loader: ad settings and the inventory need the admin key, which only the unlocked page has.
export const Route = createFileRoute('/admin/ads')({
  component: () => (
    <AdminGate buttonLabel="Access Advertisement Settings" successDescription="You can now manage advertisement settings.">
      <AdsPage />
    </AdminGate>
  ),
  errorComponent: ({ error }) => <ErrorState error={error} />,
});
