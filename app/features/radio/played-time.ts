// One formatter, made when first needed: toLocaleTimeString builds a new one on every call,
// which is slow on a cheap phone (each one loads locale data).
let timeFormat: Intl.DateTimeFormat | null = null;
/**
 * The first Intl formatter a page makes costs Chromium its ICU set-up, one task of 30–120 ms
 * here and four times that on a low-tier phone, and nothing else on this page needs ICU
 * (docs/performance.md). en-US reads hour and minute as '1:45 PM' (what Intl answers there);
 * every other locale still gets Intl.
 */
export function playedTime(iso: string, locale = navigator.language): string {
  const at = new Date(iso);
  if (locale === 'en-US') {
    const hour = at.getHours();
    return `${hour % 12 || 12}:${String(at.getMinutes()).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
  }
  return (timeFormat ??= new Intl.DateTimeFormat([], { hour: 'numeric', minute: '2-digit' })).format(at);
}
