import { createFileRoute } from '@tanstack/react-router';
import { AdsPage } from '../../features/ads/admin/ads-page';

// The gate, the menu and the error state are the /admin layout's (route.tsx).
export const Route = createFileRoute('/admin/ads')({ component: AdsPage });
