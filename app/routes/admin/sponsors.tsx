import { createFileRoute } from '@tanstack/react-router';
import { SponsorsAdminPage } from '../../features/sponsors/admin/sponsors-admin-page';

// The gate, the menu and the error state are the /admin layout's (route.tsx).
export const Route = createFileRoute('/admin/sponsors')({ component: SponsorsAdminPage });
