import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { KEEP_PAGE_MESSAGE, SERVER_DATA_ID, type KeepPageMessage } from '../../../domain/server-render';
import { isServerRenderedPath } from '../../../domain/server-rendered-paths';
import { lowDataNow } from '../low-data';
import type { ServerData } from '../server-render';

async function tellWorker(lowData: boolean): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const registration = await navigator.serviceWorker.ready;
  const message: KeepPageMessage = { type: KEEP_PAGE_MESSAGE, url: location.href, lowData };
  registration.active?.postMessage(message);
}

/**
 * Asks the worker to keep this server-rendered page for the next visit (docs/server-render.md,
 * "On a repeat visit"), once it is active: the first install's worker keeps the copy the
 * browser holds of this very visit.
 */
export const keepThisPage = (): Promise<void> => tellWorker(false);

/**
 * Low Data Mode is on: no kept page is painted again, since its images would load before the
 * app could hide them.
 */
export function dropKeptPages(): void {
  // Only a worker already active: one still installing has kept nothing yet.
  if (typeof navigator !== 'undefined' && navigator.serviceWorker?.controller) void tellWorker(true);
}

/**
 * A kept page's data, fetched again once the page is hydrated (docs/server-render.md, "On a
 * repeat visit"): a new answer replaces what the page came with; a failed one (offline, or a
 * link that dropped) puts the page's own answer back, so the page keeps showing it rather than
 * an error, as the shell's app did with the answers the worker had cached.
 */
export function refreshKeptQueries(queryClient: QueryClient, keys: QueryKey[]): void {
  for (const queryKey of keys) {
    const query = queryClient.getQueryCache().find({ queryKey, exact: true });
    if (!query) continue;
    const kept = query.state;
    // A query no loader or component has asked for yet has no fetcher: it rejects, and is put back.
    void query.fetch(undefined, { cancelRefetch: false }).catch(() => query.setState(kept));
  }
}

/**
 * What the app does about kept pages once the page has loaded and the phone is idle (app/main.tsx;
 * this module is a chunk of its own, out of the first visit): with Low Data Mode on, the kept
 * pages go; else the page is kept for the next visit, also when it came as the shell; and when it
 * came from the worker (which answers every navigation it controls itself, with a kept page or
 * the shell) with the server's data in it, a kept page, that data is fetched again.
 */
export function afterStart(queryClient: QueryClient): void {
  if (lowDataNow()) dropKeptPages();
  else if (isServerRenderedPath(location.pathname)) void keepThisPage();
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const serverData = document.getElementById(SERVER_DATA_ID);
  if (!serverData || !navigation || navigation.workerStart <= 0) return;
  const { state } = JSON.parse(serverData.textContent ?? '{}') as ServerData;
  refreshKeptQueries(
    queryClient,
    state.queries.map((query) => query.queryKey),
  );
}
