import { createFileRoute } from '@tanstack/react-router';
import { present, stringParam } from '../../lib/search-params';
import { ActivityPage } from '../../features/people/admin/activity-page';

// The gate, the menu and the error state are the /admin layout's (route.tsx).
export const Route = createFileRoute('/admin/activity')({
  validateSearch: (search: Record<string, unknown>): { person?: string } => present({ person: stringParam(search.person, 64) }),
  component: ActivityRoute,
});

function ActivityRoute() {
  const { person } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ActivityPage person={person} onPersonChange={(next) => void navigate({ search: { person: next }, replace: true })} />;
}
