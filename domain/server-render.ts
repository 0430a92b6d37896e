/**
 * What the server's render of a first screen and the browser's app agree on
 * (docs/server-render.md).
 */

/** The id of the `<script type="application/json">` that carries the page's query data. */
export const SERVER_DATA_ID = 'server-data';


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
