import { createFileRoute } from '@tanstack/react-router';
import { AdminGate } from '../../components/admin-gate';
import { ErrorState } from '../../components/states';
import { ScheduleAdminPage } from '../../features/admin-schedule/schedule-admin-page';

// No loader: the weekly shows list needs the admin key, which only the unlocked page has.
export const Route = createFileRoute('/admin/schedule')({
  component: () => (
    <AdminGate buttonLabel="Access Schedule" successDescription="You can now manage the schedule.">
      <ScheduleAdminPage />
    </AdminGate>
  ),
  errorComponent: ({ error }) => <ErrorState error={error} />,
});
