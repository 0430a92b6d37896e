import { createFileRoute } from '@tanstack/react-router';
import { ScheduleAdminPage } from '../../features/schedule/admin/schedule-admin-page';

// The gate, the menu and the error state are the /admin layout's (route.tsx).
export const Route = createFileRoute('/admin/schedule')({ component: ScheduleAdminPage });
