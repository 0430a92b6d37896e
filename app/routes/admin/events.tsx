import { createFileRoute } from '@tanstack/react-router';
import { AdminGate } from '../../components/admin-gate';
import { ErrorState } from '../../components/states';
import { EventsAdminPage } from '../../features/admin-events/events-admin-page';

// No loader: the events list needs the admin key, which only the unlocked page has.
export const Route = createFileRoute('/admin/events')({
  component: () => (
    <AdminGate buttonLabel="Access Events" successDescription="You can now manage events.">
      <EventsAdminPage />
    </AdminGate>
  ),
  errorComponent: ({ error }) => <ErrorState error={error} />,
});
