import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../../features/settings/admin/settings-page';

// The gate, the menu and the error state are the /admin layout's (route.tsx).
export const Route = createFileRoute('/admin/settings')({ component: SettingsPage });
