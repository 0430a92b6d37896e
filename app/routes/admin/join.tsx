import { createFileRoute } from '@tanstack/react-router';
import { present, stringParam } from '../../lib/search-params';
import { JoinPage } from '../../features/people/admin/join-page';

// The invite's page: outside the gate (route.tsx lets it through), since its visitor has no access yet.
export const Route = createFileRoute('/admin/join')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => present({ token: stringParam(search.token, 200) }),
  component: JoinRoute,
});

function JoinRoute() {
  const { token } = Route.useSearch();
  return <JoinPage token={token} />;
}
