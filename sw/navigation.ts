import { createHandlerBoundToURL } from 'workbox-precaching';
import type { RouteHandlerCallbackOptions } from 'workbox-core/types';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { isServerRenderedAdminPath } from '../domain/server-rendered-paths';
import type { KeptPages } from './kept-pages';

/** Server-only paths: never answered with the shell. */
export const NOT_APP_PATHS = [/^\/api\//, /^\/out\//, /^\/uploads\//, /^\/embed\//, /^\/manifest\.webmanifest$/, /^\/podcast\.xml$/, /^\/podcast-artwork\.png$/];

/**
 * How long a moderator's page may take from the network before the shell answers: the page
 * needs the network for its queues either way, and a link that hangs gets the shell's own
 * placeholders and retries rather than a blank screen.
 */
const ADMIN_PAGE_WAIT_MS = 4000;

/**
 * An admin page the server renders for the person signed in (docs/server-render.md, "A
 * moderator's page"): from the network, where it comes with the queues in it; the shell when
 * the network fails or is slow, or answers an error. Never kept: its data is one person's.
 */
async function fromNetwork(options: RouteHandlerCallbackOptions, shell: (options: RouteHandlerCallbackOptions) => Promise<Response>): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ADMIN_PAGE_WAIT_MS);
  try {
    const res = await fetch(options.request, { signal: controller.signal });
    if (res.ok) return res;
  } catch {
    // Offline, or too slow: the shell below.
  } finally {
    clearTimeout(timer);
  }
  return shell(options);
}

/**
 * Every route of the app opens offline and without the network: a page kept from an earlier
 * visit (sw/kept-pages.ts), which works at first sight, or else the precached index.html; a
 * moderator's page from the network first.
 */
export function answerNavigations(kept: KeptPages): void {
  const shell = createHandlerBoundToURL('/index.html');
  registerRoute(
    new NavigationRoute(
      async (options) => {
        if (isServerRenderedAdminPath(options.url.pathname)) return fromNetwork(options, shell);
        return (await kept.match(options.request).catch(() => null)) ?? shell(options);
      },
      { denylist: NOT_APP_PATHS },
    ),
  );
}
