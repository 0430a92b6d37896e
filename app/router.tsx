import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from './route-tree.gen';

/**
 * `at`: the server renders one address (a memory history, and the request's origin); the browser
 * uses its own. `serverPage`: the browser hydrates a page the server rendered, which the listener
 * may already have scrolled: its first render keeps the scroll where it is (issue 29: a tap on a
 * lower link met the page jumping to its top when the app started).
 */
export function createAppRouter(queryClient: QueryClient, at?: { history: RouterHistory; origin: string }, serverPage = false) {
  let firstRender = serverPage;
  const restoreScroll = () => {
    if (!firstRender) return true;
    firstRender = false;
    return false;
  };
  return createRouter({
    routeTree,
    history: at?.history,
    origin: at?.origin,
    // Loaders warm the query cache through the router's context (TanStack Router examples).
    context: { queryClient },
    defaultPreload: 'intent',
    // The query cache owns freshness; the router never caches loader data itself.
    defaultPreloadStaleTime: 0,
    // Not on the server: it has no window to scroll, and the markup does not depend on it.
    scrollRestoration: at ? false : restoreScroll,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
