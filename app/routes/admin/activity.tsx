import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { ActivityPage } from '../../features/admin-people/activity-page';

const ActivitySearch = v.object({
  person: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(64))), undefined),
});

// The gate, the menu and the error state are the /admin layout's (route.tsx).
export const Route = createFileRoute('/admin/activity')({
  validateSearch: ActivitySearch,
  component: ActivityRoute,
});

function ActivityRoute() {
  const { person } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ActivityPage person={person} onPersonChange={(next) => void navigate({ search: { person: next }, replace: true })} />;
}
