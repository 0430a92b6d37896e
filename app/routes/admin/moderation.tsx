import { createFileRoute } from '@tanstack/react-router';
import { roleMayUse } from '../../../domain/people';
import { choiceParam, present } from '../../lib/search-params';
import { adminAccessAsked } from '../../features/people/admin/admin-session';
import { ModerationPage } from '../../features/moderation/admin/moderation-page';
import { MODERATION_TABS, type ModerationTab } from '../../features/moderation/admin/moderation-tab-ids';
import { prefetchQueues } from '../../features/moderation/api';
import { prepareDateFormats } from '../../features/moderation/admin/moderation-format';

// The gate, the menu and the error state are the /admin layout's (route.tsx). An unknown tab
// in the URL is dropped rather than failing the page. The queues are asked for as soon as the
// session is known, before the first render, for someone who may moderate, and the rows' date
// formats are made while they are on their way (moderation-format.ts).
export const Route = createFileRoute('/admin/moderation')({
  validateSearch: (search: Record<string, unknown>): { tab?: ModerationTab } => present({ tab: choiceParam(search.tab, MODERATION_TABS) }),
  loader: async ({ context }) => {
    const access = await adminAccessAsked();
    if (!access || !roleMayUse(access.role, 'moderation')) return;
    const queues = prefetchQueues(context.queryClient);
    prepareDateFormats();
    await queues;
  },
  component: ModerationRoute,
});

function ModerationRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ModerationPage tab={tab} onTabChange={(next) => void navigate({ search: (prev) => ({ ...prev, tab: next }), replace: true })} />;
}
