/**
 * What the server's render of a first screen and the browser's app agree on
 * (docs/server-render.md).
 */

/** The id of the `<script type="application/json">` that carries the page's query data. */
export const SERVER_DATA_ID = 'server-data';

/**
 * The public pages whose first screen the server renders (docs/server-render.md): a phone
 * paints the page itself before any script has run, and the app then hydrates it instead of
 * drawing it (issue 15); since issue 43 every public page but /artists/submit (its form takes
 * files, which nothing adopts yet), so each works at first sight. Every other page gets the
 * app's shell, as before; the app asks the service worker to keep these pages only
 * (app/lib/pwa/kept-page.ts). The radio page's first screen (what is on air, Listen Live) only:
 * its lower part, with the shoutout form, comes once the app runs. The directory's filter form
 * submits by itself before the app starts; the prayer and sponsor forms, and their buttons, hold
 * a tap until the app takes them over (app/lib/player/first-tap/taps-later.ts); each form adopts
 * what its fields hold (issue 29).
 */
export const SERVER_RENDERED_PATHS: ReadonlySet<string> = new Set([
  '/',
  '/artists',
  '/artists/directory',
  '/country',
  '/schedule',
  '/community',
  '/sponsors/submit',
  // Issue 43: every public page works at first sight, as these above do.
  '/events',
  '/watch',
  '/sponsors',
  '/give',
  '/shop',
  '/privacy',
  '/episodes',
]);

/**
 * An artist's page (`/artists/<id>`, never `/artists/submit`): its profile is rendered, and its
 * tracks' Play buttons come with the app, so none is painted before it can play.
 */
const ARTIST_PAGE = /^\/artists\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isServerRenderedPath = (path: string): boolean => SERVER_RENDERED_PATHS.has(path) || ARTIST_PAGE.test(path);

/**
 * A cookie the app keeps while the listener has Low Data Mode on: the server then sends the
 * app's shell instead of a rendered page, whose images the browser would fetch before the
 * app could hide them.
 */
export const LOW_DATA_COOKIE = 'lowData';

/**
 * A page the server rendered, kept by the service worker so a repeat visit paints it, with its
 * Listen Live and first-tap script, instead of the bare shell (docs/server-render.md, "On a
 * repeat visit"). The app posts this message once it has started on one of these pages; the
 * worker keeps the copy the browser already holds of a page that came from the network (no
 * bytes), or fetches one when it has none (the page came as the shell: after a new build's
 * worker dropped the kept pages, or a page first opened with the worker in control) or when
 * its copy is older than KEPT_PAGE_REFRESH_MS.
 */
export const KEEP_PAGE_MESSAGE = 'KEEP_PAGE';

export interface KeepPageMessage {
  type: typeof KEEP_PAGE_MESSAGE;
  /** The page's own address, tenant included. */
  url: string;
  /** Low Data Mode is on: the worker drops every kept page, whose images the browser would fetch. */
  lowData: boolean;
}

/**
 * A kept page older than this is fetched again, once, after a visit that opened it: about
 * 16 KB (brotli) per page four times a day at most, for a first screen whose data is at most
 * that old before the app refreshes it.
 */
export const KEPT_PAGE_REFRESH_MS = 6 * 60 * 60 * 1000;

/** Kept pages live in a cache of this name and the build's index.html revision: a new build's worker drops them. */
export const KEPT_PAGES_CACHE_PREFIX = 'kept-pages-';
