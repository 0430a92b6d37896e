import { createFileRoute } from '@tanstack/react-router';
import { PeoplePage } from '../../features/people/admin/people-page';

// The gate, the menu and the error state are the /admin layout's (route.tsx).
export const Route = createFileRoute('/admin/people')({ component: PeoplePage });
