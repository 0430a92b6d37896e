import { dehydrate } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { AppTree } from './app-tree';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { nowPlayingEtag, setNowPlayingEtag } from './features/radio/api';
import { setRenderingWholePage, type ServerData } from './lib/server-render';
import { setServerLocation } from './lib/page-location';
import { getSignedIn } from './lib/admin-access';
import { forgetSession } from './features/people/admin/admin-session';

/**
 * The server's render of a page's first screen (docs/server-render.md): the same app the
 * browser runs, rendered once in Node with the page's data, so a phone paints the page itself
 * before any script has run and then only hydrates it (issue 15). Built by Vite with the
 * router's browser code path (vite.config.ts), so the markup is what the browser's hydration
 * expects. The server calls it one page at a time (server/http/page-render.ts): the page's
 * address and API are module state while it renders.
 */

export interface PageRequest {
  /** Path and query, as asked for. */
  url: string;
  hostname: string;
  /** The page's origin, `https://host`. */
  origin: string;
  /** Answers the app's own `/api/…` requests (in the server's process). */
  fetchApi: (path: string, init?: RequestInit) => Promise<Response>;
  /** How long the page's data may take before the page is rendered with what has arrived. */
  dataWaitMs: number;
}

export interface RenderedPage {
  /** The markup of `#root`. */
  html: string;
  /** The query cache, dehydrated, as JSON safe inside a `<script>` element. */
  data: string;
}

let current: PageRequest | null = null;
const browserFetch = globalThis.fetch;

// The app's API client asks for `/api/…` paths, relative to the page: while a page renders,
// those go to this server in-process. Any other fetch is the server's own, untouched.
globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) =>
  current && typeof input === 'string' && input.startsWith('/') ? current.fetchApi(input, init) : browserFetch(input, init);

setServerLocation(() => {
  const url = current?.url ?? '/';
  const query = url.indexOf('?');
  return { hostname: current?.hostname ?? 'localhost', search: query >= 0 ? url.slice(query) : '', origin: current?.origin ?? 'http://localhost' };
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Loads every route's split chunks (its component and pending component) once, as the server
 * starts (server/http/page-render.ts): a first render that loaded its route's chunks cold could
 * run past its data wait and answer the shell, as the first visitors after a restart got on a
 * busy host (docs/server-render.md, "Rendered from the start").
 */
export async function warmUp(): Promise<void> {
  const router = createAppRouter(createQueryClient(), { history: createMemoryHistory({ initialEntries: ['/'] }), origin: 'http://localhost' });
  await Promise.allSettled(Object.values(router.routesById).map((route) => router.loadRouteChunk(route)));
}

/** Renders one page; null when it cannot (the server then sends the app's shell). */
export async function renderPage(request: PageRequest): Promise<RenderedPage | null> {
  current = request;
  setNowPlayingEtag(null);
  try {
    const queryClient = createQueryClient();
    const router = createAppRouter(queryClient, {
      history: createMemoryHistory({ initialEntries: [request.url] }),
      origin: request.origin,
    });
    const deadline = wait(request.dataWaitMs);
    // Until its load has settled the router may not have matched the page at all: its state is
    // the initial one, 'idle' with no matches, which renders an app with nothing in it (the
    // first pages after a start, while the route chunks load cold, came so).
    let routed = false;
    const routing = router.load().then(
      () => void (routed = true),
      () => {},
    );
    await Promise.race([routing, deadline]);
    // Loaders start some of a page's data without waiting for it (a phone shows placeholders
    // meanwhile); here it is worth waiting a moment for it, so the page comes whole.
    const inFlight = queryClient
      .getQueryCache()
      .findAll({ fetchStatus: 'fetching' })
      .map((query) => query.promise);
    await Promise.race([Promise.allSettled(inFlight), deadline]);
    // A page still waiting for its route, or one that failed or was not found: the shell, and
    // the browser's app shows what it would have shown.
    if (!routed || router.state.status !== 'idle' || router.state.matches.some((match) => match.status !== 'success')) return null;
    // A query that failed (an artist not found) is not sent with the page: the browser would
    // render its loading state over the server's error (a mismatch), so the shell.
    if (queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status === 'error' }).length > 0) return null;
    // An admin page is rendered for the person signed in only: for anyone else (a session that
    // ended) it is the shell, whose gate asks who is signed in as it always did.
    if (router.state.matches.some((match) => match.routeId === '/admin') && !getSignedIn()) return null;
    setRenderingWholePage(true);
    const html = renderToString(<AppTree queryClient={queryClient} router={router} />);
    const signedIn = getSignedIn();
    const data: ServerData = {
      state: dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status === 'success' }),
      nowPlayingEtag: nowPlayingEtag(),
      // An admin page's person (its session's answer, asked by the /admin layout's loader); a
      // public page carries none.
      ...(signedIn ? { signedIn } : {}),
    };
    queryClient.clear();
    return { html, data: JSON.stringify(data).replace(/</g, '\\u003c') };
  } finally {
    current = null;
    // The next page is another visitor's: nobody is signed in on it until its own answer says so.
    forgetSession();
  }
}
