/**
 * A cookie the app keeps while the listener has Low Data Mode on: the server then sends the
 * app's shell instead of a rendered page, whose images the browser would fetch before the
 * app could hide them (docs/server-render.md).
 */
export const LOW_DATA_COOKIE = 'lowData';
