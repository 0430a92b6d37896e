import fsp from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import inject from 'light-my-request';
import { ADMIN_SESSION_COOKIE, ADMIN_SESSION_HEADER } from '../../domain/admin-session';
import { LOW_DATA_COOKIE, SERVER_DATA_ID } from '../../domain/server-render';
import { isServerRenderedAdminPath, isServerRenderedPath } from '../../domain/server-rendered-paths';
import type { AppContext } from './context';
import { ADMIN_EARLY_SCRIPT } from '../../app/lib/admin-early/admin-early.script';
import { FIRST_TAP_SCRIPT } from '../../app/lib/player/first-tap/first-tap.script';
import { START_AFTER_PAINT_SCRIPT } from '../../app/lib/start-after-paint/start-after-paint.script';


/** How long a page's data may take unless configured (PAGE_RENDER_WAIT_MS); past it the page is rendered with what has arrived. */
const DATA_WAIT_MS = 400;
/** The shell's early admin script as the build puts it in index.html (vite.config.ts). */
const ADMIN_EARLY_TAG = `<script>${ADMIN_EARLY_SCRIPT}</script>`;

/** Renders run one at a time (see renderPage); past this many waiting, a page gets the shell. */
const MAX_WAITING = 4;

interface RenderedPage {
  html: string;
  data: string;
  /** Rendered for the person signed in (their session's data): never cached, never kept. */
  personal?: boolean;
}

interface RenderModule {
  /** Loads the routes' chunks, so the first renders after a start do not load them cold. */
  warmUp?(): Promise<void>;
  renderPage(request: {
    url: string;
    hostname: string;
    origin: string;
    fetchApi: (path: string, init?: RequestInit) => Promise<Response>;
    dataWaitMs: number;
  }): Promise<RenderedPage | null>;
}

type Dispatch = (req: IncomingMessage, res: ServerResponse) => unknown;

/** A page's first screen rendered for this request, or null for the app's shell. */
export type PageRenderer = (ctx: AppContext) => Promise<RenderedPage | null>;

/**
 * Renders a page's first screen with the build's server render (`<appDir>-server/`, written by
 * `npm run build` beside the app it matches), or null: not a server-rendered page, no such
 * build, a visitor saving data (the browser's Save-Data, or Low Data Mode's cookie: their page
 * loads no ads and no images, which a rendered page would have the browser fetch at once), too
 * many pages waiting, or a render that failed. Null means the shell, which works.
 */
export function pageRenderer(appDir: string | null, dispatch: () => Dispatch, log: (message: string) => void = console.error, dataWaitMs = DATA_WAIT_MS): PageRenderer {
  const moduleFile = appDir ? `${appDir}-server/entry-server.js` : null;
  let loaded: Promise<RenderModule | null> | null = null;
  let builtAt = -1;
  let queue: Promise<unknown> = Promise.resolve();
  let waiting = 0;

  const renderModule = async (): Promise<RenderModule | null> => {
    const stat = moduleFile ? await fsp.stat(moduleFile).catch(() => null) : null;
    const mtime = stat?.mtimeMs ?? -1;
    // Imported once: its route chunks import it by its plain URL, so a second copy (a new URL)
    // would not be the module they share. A build newer than the one loaded would render
    // markup the new app does not expect: the shell until the server restarts.
    if (loaded) return mtime === builtAt ? loaded : null;
    builtAt = mtime;
    loaded =
      mtime < 0
        ? Promise.resolve(null)
        : import(pathToFileURL(moduleFile!).href).catch((err: unknown) => {
            log(`server render unavailable: ${(err as Error).message}`);
            return null;
          });
    return loaded;
  };

  // Loaded with the server, not by the first visitor, and so are its routes' chunks: loaded by
  // a first render, they could take it past its data wait, and the page came as the shell.
  void renderModule()
    .then((mod) => mod?.warmUp?.())
    .catch((err: unknown) => log(`server render warm-up failed: ${(err as Error).message}`));

  return async (ctx) => {
    // An admin page only for a request that carries a session; without one it is the shell,
    // whose gate asks who is signed in, as before.
    const personal = isServerRenderedAdminPath(ctx.path) && Boolean(ctx.cookies.get(ADMIN_SESSION_COOKIE));
    if ((!personal && !isServerRenderedPath(ctx.path)) || ctx.method !== 'GET') return null;
    if (/\bon\b/i.test(ctx.get('save-data')) || ctx.cookies.get(LOW_DATA_COOKIE) === '1') return null;
    if (waiting >= MAX_WAITING) return null;
    const mod = await renderModule();
    if (!mod) return null;
    const host = ctx.get('host') || 'localhost';
    const clientAddress = ctx.state.clientAddress;
    // The page's own API requests, answered in-process as the browser's would be: same host
    // (the tenant), the visitor's address (ads count an impression per address). A public page
    // asks as nobody; an admin page as the person whose session came with the request, the
    // cookie and the app's session header passed on as the browser's would be.
    const cookie = personal ? ctx.get('cookie') : '';
    const fetchApi = async (path: string, init?: RequestInit): Promise<Response> => {
      const session = cookie ? new Headers(init?.headers).get(ADMIN_SESSION_HEADER) : null;
      const res = await inject(dispatch(), {
        method: (init?.method ?? 'GET') as 'GET',
        url: path,
        headers: { host, accept: 'application/json', ...(session ? { cookie, [ADMIN_SESSION_HEADER]: session } : {}) },
        remoteAddress: clientAddress,
      });
      const empty = res.statusCode === 204 || res.statusCode === 304;
      return new Response(empty ? null : res.rawPayload, { status: res.statusCode, headers: res.headers as Record<string, string> });
    };
    waiting += 1;
    // One at a time: the render module holds the page being rendered as module state.
    const turn = queue.then(() =>
      mod.renderPage({ url: ctx.url, hostname: ctx.hostname || 'localhost', origin: `${ctx.protocol}://${host}`, fetchApi, dataWaitMs }),
    );
    queue = turn.catch(() => null);
    try {
      const page = await turn;
      return page && personal ? { ...page, personal } : page;
    } catch (err) {
      log(`server render of ${ctx.url} failed: ${(err as Error).stack ?? String(err)}`);
      return null;
    } finally {
      waiting -= 1;
    }
  };
}

/**
 * The app's index.html with a rendered page in its root, in place of the shell: the page's
 * styles and React's resource hints (image preloads) go to the head, and the page's data follows the root as
 * JSON, which the Content-Security-Policy allows since it is never run.
 */
export function withRenderedPage(indexHtml: string, page: RenderedPage, tenant: string, styles: string): string | null {
  const rootStart = indexHtml.indexOf('<div id="root">');
  const noscript = indexHtml.indexOf('<noscript>');
  const rootEnd = noscript < 0 ? -1 : indexHtml.lastIndexOf('</div>', noscript);
  const headEnd = indexHtml.indexOf('</head>');
  if (rootStart < 0 || rootEnd < rootStart || headEnd < 0) return null;
  // The app's entry is preloaded, and run by the page's start script once the page has painted
  // and the first tap's stream has connected (app/lib/start-after-paint/, issue 43): run as the
  // page's module script, its evaluation came between the parse and the first frame. Its
  // imports stay module scripts' (issue 29: started by hand one module per task measured no gain).
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(indexHtml);
  if (!entry) return null;
  const head = indexHtml
    .slice(0, headEnd)
    .replace('<html lang="en">', `<html lang="en" data-tenant="${tenant}">`)
    // The shell's admin script does nothing on a public page: its bytes stay out.
    .replace(ADMIN_EARLY_TAG, '')
    .replace(
      entry[0],
      // The first tap plays the stream before the app has started (app/lib/player/first-tap/first-tap.script.ts).
      `<link rel="modulepreload" crossorigin href="${entry[1]}" data-app-entry><script>${FIRST_TAP_SCRIPT}</script><script>${START_AFTER_PAINT_SCRIPT}</script>`,
    );
  const hints = /^(?:<link [^>]*\/>)*/.exec(page.html)![0];
  const body = page.html.slice(hints.length);
  const open = '<div id="root">';
  return (
    head +
    styles +
    hints +
    indexHtml.slice(headEnd, rootStart) +
    open +
    body +
    '</div>' +
    `<script type="application/json" id="${SERVER_DATA_ID}">${page.data}</script>` +
    indexHtml.slice(rootEnd + '</div>'.length)
  );
}
