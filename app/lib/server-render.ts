import type { DehydratedState, FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { AdminMe } from '../../domain/people';

/**
 * Whether the render under way draws the whole page at once: the server's render of a first
 * screen, and the browser's hydration of it, which must draw the same (docs/server-render.md).
 * Otherwise a page draws its lower parts in a second, background render (use-deferred-mount.ts).
 */
let wholePage = false;

export function setRenderingWholePage(on: boolean): void {
  wholePage = on;
}

export const renderingWholePage = (): boolean => wholePage;

/** What a page the server rendered carries after its markup, as JSON (docs/server-render.md). */
export interface ServerData {
  /** The query cache the page was rendered with. */
  state: DehydratedState;
  /** The ETag of its now-playing answer, when it has one (app/features/radio/api.ts). */
  nowPlayingEtag: string | null;
  /** Who an admin page was rendered for (their session), so the browser hydrates it as them. */
  signedIn?: AdminMe | null;
}

/** Who the server rendered this admin page for, until the admin's loader takes it (app/main.tsx sets it). */
let serverSignedIn: AdminMe | null = null;

export function setServerSignedIn(person: AdminMe | null): void {
  serverSignedIn = person;
}

/** Taken once: after the first page, who is signed in is the app's own to know. */
export function takeServerSignedIn(): AdminMe | null {
  const person = serverSignedIn;
  serverSignedIn = null;
  return person;
}

/**
 * While the browser loads the route of a page the server rendered, to hydrate it: the page's
 * markup is what the server drew with the data it had within its wait (docs/server-render.md).
 */
let loadingServerPage = false;

/** Runs the router's first load of a page the server rendered (app/main.tsx). */
export async function loadServerPage(load: () => Promise<void>): Promise<void> {
  loadingServerPage = true;
  try {
    await load();
  } finally {
    loadingServerPage = false;
  }
}

/**
 * Whether a route loader may ask for data its page shows but does not wait for. Not while
 * the browser loads a page the server rendered without it (its wait ran out first): an answer
 * that arrived before or during hydration would make the browser draw what the server did not,
 * a mismatch (React's error 418), and React would draw the page again. The page's own query
 * asks for it once the page is hydrated.
 */
export function mayPrefetch(queryClient: QueryClient, queryKey: QueryKey): boolean {
  return !loadingServerPage || queryClient.getQueryState(queryKey)?.status === 'success';
}

/** A route loader's ask for data its page does not wait for (placeholders show meanwhile). */
export function prefetchForPage<T, K extends QueryKey>(queryClient: QueryClient, options: FetchQueryOptions<T, Error, T, K>): void {
  // prefetchQuery never rejects: a failed answer is the page's own query's to show.
  if (mayPrefetch(queryClient, options.queryKey)) void queryClient.prefetchQuery(options);
}
