/**
 * The first Intl formatter a page makes costs Chromium its ICU set-up (the locale's data, the
 * device's time zone): 17 ms on our bench host, over 100 ms on a low-tier phone
 * (docs/performance.md). A route whose page formats dates with Intl calls this from its loader:
 * the set-up then runs as a task of its own while the page's data is on its way, instead of
 * inside the first render's.
 */
export function warmUpIntl(): void {
  setTimeout(() => void Intl.DateTimeFormat().resolvedOptions().timeZone, 0);
}
