/**
 * The sandbox for the admin-configured video panel. A panel on another origin needs its own
 * origin (allow-same-origin) for its player and stream to work, and stays walled off from the
 * app by the browser's origin rules. A panel on the app's own origin must not get
 * allow-same-origin: with allow-scripts as well it could remove its own sandbox and reach the
 * app's storage.
 */
export function videoFrameSandbox(src: string, appOrigin: string): string {
  let origin: string | null = null;
  try {
    origin = new URL(src, appOrigin).origin;
  } catch {
    origin = null;
  }
  const crossOrigin = origin !== null && origin !== 'null' && origin !== appOrigin;
  return crossOrigin ? 'allow-scripts allow-same-origin allow-presentation' : 'allow-scripts allow-presentation';
}

/** Only http(s) panels are framed; anything else is treated as not set up. */
export function isFramableUrl(src: string): boolean {
  const value = src.trim();
  if (!value) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  return /^https?:\/\//i.test(value);
}
