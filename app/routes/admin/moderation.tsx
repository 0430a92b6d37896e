import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { ModerationPage } from '../../features/admin-moderation/moderation-page';
import { MODERATION_TABS } from '../../features/admin-moderation/moderation-tabs';

// An unknown tab in the URL is dropped rather than failing the page.
const ModerationSearch = v.object({
  tab: v.fallback(v.optional(v.picklist(MODERATION_TABS)), undefined),
});

// The gate, the menu and the error state are the /admin layout's (route.tsx).
export const Route = createFileRoute('/admin/moderation')({
  validateSearch: ModerationSearch,
  component: ModerationRoute,
});

function ModerationRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ModerationPage tab={tab} onTabChange={(next) => void navigate({ search: (prev) => ({ ...prev, tab: next }), replace: true })} />;
}
