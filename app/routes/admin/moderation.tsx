import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { AdminGate } from '../../components/admin-gate';
import { ErrorState } from '../../components/states';
import { ModerationPage } from '../../features/admin-moderation/moderation-page';
import { MODERATION_TABS } from '../../features/admin-moderation/moderation-tabs';

// An unknown tab in the URL is dropped rather than failing the page.
const ModerationSearch = v.object({
  tab: v.fallback(v.optional(v.picklist(MODERATION_TABS)), undefined),
});

// No loader: the queues need the admin key, which only the unlocked page has.
export const Route = createFileRoute('/admin/moderation')({
  validateSearch: ModerationSearch,
  component: ModerationRoute,
  errorComponent: ({ error }) => <ErrorState error={error} />,
});

function ModerationRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AdminGate buttonLabel="Access Moderation" successDescription="You can now moderate content.">
      <ModerationPage tab={tab} onTabChange={(next) => void navigate({ search: (prev) => ({ ...prev, tab: next }), replace: true })} />
    </AdminGate>
  );
}
