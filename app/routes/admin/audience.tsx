import { createFileRoute } from '@tanstack/react-router';
import { AudiencePage } from '../../features/audience/admin/audience-page';

// The gate, the menu and the error state are the /admin layout's (route.tsx).
export const Route = createFileRoute('/admin/audience')({
  component: AudiencePage,
});
