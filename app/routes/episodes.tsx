import { createFileRoute } from '@tanstack/react-router';
import { ErrorState } from '../components/states';
import { EpisodesPage } from '../features/episodes/episodes-page';
import { episodesQuery } from '../features/episodes/api';
import { showsQuery } from '../features/schedule/api';
import { settingsQuery } from '../features/settings/api';

/** /episodes?show=<id>: one show's past episodes (its card's 'Past episodes'). */
export const Route = createFileRoute('/episodes')({
  validateSearch: (search: Record<string, unknown>): { show?: string } => (typeof search.show === 'string' && search.show ? { show: search.show } : {}),
  loaderDeps: ({ search }) => ({ show: search.show ?? null }),
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(episodesQuery(deps.show)),
      // The show names beside each episode; the page works without them.
      context.queryClient.prefetchQuery(showsQuery()),
      context.queryClient.prefetchQuery(settingsQuery()),
    ]),
  component: EpisodesPage,
  errorComponent: ({ error }) => <ErrorState error={error} />,
});
