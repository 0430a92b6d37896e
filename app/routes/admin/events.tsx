import { createFileRoute } from '@tanstack/react-router';
import { EventsAdminPage } from '../../features/events/admin/events-admin-page';

// The gate, the menu and the error state are the /admin layout's (route.tsx).
export const Route = createFileRoute('/admin/events')({ component: EventsAdminPage });
