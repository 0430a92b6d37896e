import { matchPrecache } from 'workbox-precaching';
import {
  KEEP_PAGE_MESSAGE,
  KEPT_PAGE_REFRESH_MS,
  KEPT_PAGES_CACHE_PREFIX,
  SERVER_DATA_ID,
  type KeepPageMessage,
} from '../domain/server-render';
import { keptCopy } from './kept-page-copy';

type PrecacheEntry = string | { url: string; revision: string | null };

/** How old a copy is, by the server's Date header: a copy without one counts as too old. */
function age(response: Response): number {
  const date = Date.parse(response.headers.get('date') ?? '');
  return Number.isNaN(date) ? Infinity : Date.now() - date;
}

/**
 * A page the server rendered (its data inside) for this worker's build (it names the build's
 * entry script, which it preloads), never the shell, an error page, or an older build's page
 * still in the HTTP cache, whose scripts the precache no longer holds.
 */
async function isRenderedPage(response: Response | null, entryScript: string | null): Promise<boolean> {
  if (!entryScript || !response || response.status !== 200 || !(response.headers.get('content-type') ?? '').startsWith('text/html')) return false;
  const html = await response.clone().text();
  return html.includes(`id="${SERVER_DATA_ID}"`) && html.includes(`"${entryScript}"`);
}

/** The address of this build's app entry script, read from the precached shell. */
async function buildEntry(): Promise<string | null> {
  const shell = await matchPrecache('/index.html');
  return shell ? (/<script type="module"[^>]* src="([^"]+)"><\/script>/.exec(await shell.text())?.[1] ?? null) : null;
}

const isKeepPage = (data: unknown): data is KeepPageMessage =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === KEEP_PAGE_MESSAGE && typeof (data as { url?: unknown }).url === 'string';

export interface KeptPages {
  /** The kept copy of the page a navigation asks for, or null. */
  match(request: Request): Promise<Response | null>;
}

/**
 * Server-rendered pages kept for repeat visits (docs/server-render.md, "On a repeat visit"):
 * the navigation then paints the page itself, whose Listen Live, menu and links work before
 * the app starts, instead of the shell, which has none of them. Only pages the listener opened
 * are kept, on the app's word (KEEP_PAGE_MESSAGE): the copy the browser's HTTP cache holds from
 * that visit when the page came from the network (no bytes), else one fetched once in the
 * background. A kept copy older than KEPT_PAGE_REFRESH_MS is fetched again after a visit that
 * opened it; a new build's worker drops them all (their scripts are the old build's), and Low
 * Data Mode drops them (their images would load).
 */
export function keepPages(scope: ServiceWorkerGlobalScope, entries: PrecacheEntry[], notApp: RegExp[]): KeptPages {
  const index = entries.find((e): e is { url: string; revision: string } => typeof e !== 'string' && /(^|\/)index\.html$/.test(e.url) && Boolean(e.revision));
  const name = KEPT_PAGES_CACHE_PREFIX + (index?.revision ?? 'unversioned');

  scope.addEventListener('activate', (event) => {
    event.waitUntil(
      caches.keys().then((names) => Promise.all(names.filter((n) => n.startsWith(KEPT_PAGES_CACHE_PREFIX) && n !== name).map((n) => caches.delete(n)))),
    );
  });

  async function keep(message: KeepPageMessage): Promise<void> {
    if (message.lowData) {
      await caches.delete(name);
      return;
    }
    const url = new URL(message.url);
    url.hash = '';
    if (url.origin !== scope.location.origin || notApp.some((p) => p.test(url.pathname))) return;
    const cache = await caches.open(name);
    const current = await cache.match(url.href);
    if (current && age(current) < KEPT_PAGE_REFRESH_MS) return;
    // Every page of this build names its entry script (server/http/page-render.ts keeps the shell's tag).
    const entryScript = await buildEntry();
    if (!current) {
      // The copy the browser holds from the visit that just opened it from the network.
      const held = await fetch(url.href, { cache: 'only-if-cached', mode: 'same-origin', credentials: 'same-origin' }).catch(() => null);
      if (held && (await isRenderedPage(held, entryScript)) && age(held) < KEPT_PAGE_REFRESH_MS) {
        await cache.put(url.href, await keptCopy(held));
        return;
      }
    }
    const fresh = await fetch(url.href, { cache: 'no-store', credentials: 'same-origin' }).catch(() => null);
    if (fresh && (await isRenderedPage(fresh, entryScript))) await cache.put(url.href, await keptCopy(fresh));
  }

  scope.addEventListener('message', (event) => {
    if (isKeepPage(event.data)) event.waitUntil(keep(event.data).catch(() => {}));
  });

  return {
    async match(request) {
      const cache = await caches.open(name);
      return (await cache.match(request.url)) ?? null;
    },
  };
}
