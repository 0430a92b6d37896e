let zone: string | null = null;

/**
 * The zone the listener's device runs in, read once. The first ask costs Chromium its ICU
 * set-up (the locale's data, the device's time zone): 17 ms on our bench host, over 100 ms on a
 * low-tier phone (docs/performance.md).
 */
export function deviceTimeZone(): string {
  return (zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
}

/**
 * For a route whose page lays dates out in the listener's zone, called from its loader: the
 * first ask (and ICU's set-up with it) then runs as a task of its own while the page's data is
 * on its way, instead of inside the first render's.
 */
export function warmUpDeviceTimeZone(): void {
  setTimeout(deviceTimeZone, 0);
}
