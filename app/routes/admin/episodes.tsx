import { createFileRoute } from '@tanstack/react-router';
import { EpisodesAdminPage } from '../../features/episodes/admin/episodes-admin-page';

// The gate, the menu and the error state are the /admin layout's (route.tsx).
export const Route = createFileRoute('/admin/episodes')({ component: EpisodesAdminPage });
