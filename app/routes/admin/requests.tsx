import { createFileRoute } from '@tanstack/react-router';
import { RequestsPage } from '../../features/requests/admin/requests-page';

// The gate, the menu and the error state are the /admin layout's (route.tsx).
export const Route = createFileRoute('/admin/requests')({
  component: RequestsPage,
});
