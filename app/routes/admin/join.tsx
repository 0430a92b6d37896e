import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { JoinPage } from '../../features/admin-people/join-page';

const JoinSearch = v.object({
  token: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(200))), undefined),
});

// The invite's page: outside the gate (route.tsx lets it through), since its visitor has no access yet.
export const Route = createFileRoute('/admin/join')({
  validateSearch: JoinSearch,
  component: JoinRoute,
});

function JoinRoute() {
  const { token } = Route.useSearch();
  return <JoinPage token={token} />;
}
