// Its own module: the app reads it only in a chunk loaded after the page (app/lib/pwa/kept-page.ts),
// so the first visit's entry does not carry the list (docs/performance.md, "The first visit at the wire").

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
 * Admin pages the server renders for the person whose session cookie comes with the request
 * (docs/server-render.md, "A moderator's page"): the moderation queues, read from a phone.
 * Never kept by the service worker (their data is one person's), never cached.
 */
export const isServerRenderedAdminPath = (path: string): boolean => path === '/admin/moderation';
