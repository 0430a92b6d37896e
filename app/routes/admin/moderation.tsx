import { createFileRoute } from '@tanstack/react-router';
import { choiceParam, present } from '../../lib/search-params';
import { ModerationPage } from '../../features/moderation/admin/moderation-page';
import { MODERATION_TABS, type ModerationTab } from '../../features/moderation/admin/moderation-tab-ids';

// The gate, the menu and the error state are the /admin layout's (route.tsx). An unknown tab
// in the URL is dropped rather than failing the page.
export const Route = createFileRoute('/admin/moderation')({
  validateSearch: (search: Record<string, unknown>): { tab?: ModerationTab } => present({ tab: choiceParam(search.tab, MODERATION_TABS) }),
  component: ModerationRoute,
});

function ModerationRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ModerationPage tab={tab} onTabChange={(next) => void navigate({ search: (prev) => ({ ...prev, tab: next }), replace: true })} />;
}
