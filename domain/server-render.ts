/**
 * What the server's render of a first screen and the browser's app agree on
 * (docs/server-render.md).
 */

/** The id of the `<script type="application/json">` that carries the page's query data. */
export const SERVER_DATA_ID = 'server-data';

/**
 * A cookie the app keeps while the listener has Low Data Mode on: the server then sends the
 * app's shell instead of a rendered page, whose images the browser would fetch before the
 * app could hide them.
 */
export const LOW_DATA_COOKIE = 'lowData';
