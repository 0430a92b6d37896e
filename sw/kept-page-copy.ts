/**
 * The copy of a server-rendered page the worker keeps for repeat visits (kept-pages.ts), made
 * once as it is kept. Its HTML names the framework's scripts for preloading (Vite's
 * `<link rel="modulepreload">` in the shell, and a route's `Link` header): from the network, a
 * first visit's download of them starts early. From the worker's precache the page itself comes
 * at once, and the preloads' answers were taken in by the page's main thread while it parsed
 * the page: a repeat visit painted later with them, and its first tap waited (measured:
 * docs/performance.md, "A repeat visit's paint"). The copy keeps only the app's entry
 * (`data-app-entry`, which the page's start script runs after the first paint); the entry asks
 * for the rest then, from the precache.
 */
const PRELOAD = /<link\b(?=[^>]*\brel="?modulepreload"?)(?![^>]*\bdata-app-entry\b)[^>]*>\s*/gi;

/** The page's HTML without preloads other than the app's entry. */
export const withoutEarlyPreloads = (html: string): string => html.replace(PRELOAD, '');

/**
 * The response to keep: the same page, status and headers but for what the new body changes
 * (its length and encoding: the body is the decoded text) and the `Link` header's preloads.
 */
export async function keptCopy(response: Response): Promise<Response> {
  const html = withoutEarlyPreloads(await response.text());
  const headers = new Headers(response.headers);
  for (const name of ['content-length', 'content-encoding', 'link']) headers.delete(name);
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}
