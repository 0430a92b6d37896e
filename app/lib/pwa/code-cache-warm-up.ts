/**
 * The app's scripts run a second time on a first visit, in a hidden frame, once the service
 * worker has installed them: Chromium makes a module's compiled code cache on the second run
 * of the same script, so without this the next visit made it, in one task of 300-360 ms at
 * CPU ×6, just as the listener's first tap waited; with it, the next visit starts from the
 * cache (docs/performance.md, "The code cache before the second visit").
 *
 * The frame's document carries WARM_UP_ATTRIBUTE: the entry then runs no start (app/main.tsx)
 * and the player none of its page-wide work (app/lib/player/player.ts), so the frame only
 * evaluates the modules: no request, no render, no sound.
 */
import { WARM_UP_ATTRIBUTE } from './code-cache-warm-up-flag';

/** How long the frame stays after its load: Chromium makes the cache in a task after the run. */
export const WARM_UP_FRAME_MS = 5_000;

/** Whether the worker's caches hold `url`: only those run in the frame, so it never asks the network. */
export type IsCached = (url: string) => Promise<boolean>;
const inWorkerCache: IsCached = async (url) => Boolean(await caches.match(url));

/**
 * The page's own module scripts and module preloads (the entry, whose static imports load and
 * run with it, and the route's chunks), from its origin and in the worker's caches: a lazy chunk
 * the page imported later is listed as a preload too, and some are not precached.
 */
export async function pageModuleUrls(doc: Document, isCached: IsCached = inWorkerCache): Promise<string[]> {
  const listed = [...doc.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[type="module"][src], link[rel="modulepreload"][href]')].map((e) =>
    'src' in e ? e.src : e.href,
  );
  const own = [...new Set(listed)].filter((url) => new URL(url, doc.baseURI).origin === location.origin);
  const cached = await Promise.all(own.map((url) => isCached(url).catch(() => false)));
  return own.filter((_, i) => cached[i]);
}

/** The frame's document: the same module scripts, in a page that says not to start. */
export function warmUpDocument(urls: readonly string[]): string {
  const scripts = urls.map((url) => `<script type="module" src="${url.replace(/"/g, '&quot;')}"></script>`).join('');
  return `<!doctype html><html ${WARM_UP_ATTRIBUTE}><head>${scripts}</head><body></body></html>`;
}

/**
 * Runs the page's modules once more in a hidden same-origin frame (served by the worker now
 * controlling the page), then removes the frame. Answers once the frame is gone.
 */
export async function warmCodeCache(doc: Document = document, frameMs = WARM_UP_FRAME_MS, isCached: IsCached = inWorkerCache): Promise<void> {
  const urls = await pageModuleUrls(doc, isCached);
  if (urls.length === 0) return;
  return new Promise((resolve) => {
    const frame = doc.createElement('iframe');
    frame.hidden = true;
    frame.tabIndex = -1;
    frame.setAttribute('aria-hidden', 'true');
    frame.title = 'code cache';
    frame.dataset.codeCacheWarmUp = '';
    const done = () => {
      frame.remove();
      resolve();
    };
    frame.addEventListener('load', () => setTimeout(done, frameMs), { once: true });
    // A frame that never loads goes too.
    setTimeout(done, frameMs * 4);
    frame.srcdoc = warmUpDocument(urls);
    doc.body.append(frame);
  });
}
