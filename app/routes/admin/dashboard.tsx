import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../features/dashboard/admin/dashboard-page';

// The gate, the menu and the error state are the /admin layout's (route.tsx).
export const Route = createFileRoute('/admin/dashboard')({ component: DashboardPage });
