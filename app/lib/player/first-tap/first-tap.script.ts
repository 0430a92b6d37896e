import { createHash } from 'node:crypto';
import SOURCE from './first-tap.page.js?page-script';

/**
 * The page's first-tap script (./first-tap.page.js; issue 29, docs/server-render.md "Before the
 * app starts"), inline in the head of every page the server renders: a tap on a button marked `data-stream` (Listen
 * Live, the bar's play button) plays the live stream at once, before the app has started. It
 * starts one `<audio>` and leaves it in `window.__firstTap` for the app's player to adopt
 * (./first-tap.ts); once the player has loaded, a tap on a button React has not
 * hydrated yet goes to it (`window.__radioPlayer`); a hydrated button (`appTaps`) is React's.
 * A stream on our own origin is fed to the element through Media Source Extensions when the
 * browser can take MP3 that way (../live-feed.ts, which the app's player feeds later plays with): the element then starts on the first few KB of the stream,
 * where a plain `src` waits for Chromium's first 32 KB block (docs/performance.md, "Time to first
 * sound"); its request leaves with the tap, before the element's source has opened. Taking the
 * element's source away (a pause, the player's own reconnect) closes the feed and its request;
 * a stream that is not MP3, or a browser without MSE, gets the plain `src`. When the feed's
 * connection fails the element errors, as a plain `src` would.
 * A second tap while the stream connects keeps it connecting (the listener heard nothing yet);
 * a tap while it plays stops it. `data-first-tap` on <html> shows that it connects.
 *
 * A control whose work needs the app (a form marked `data-after-start`, a button so marked) is
 * held instead: its submit or tap waits in `window.__tapsLater`, marked `aria-busy`, and the app
 * makes it again once it has taken the control over (./taps-later.ts).
 */

/** The script as sent: ./first-tap.page.js bundled with ../live-feed.ts and minified, about a kilobyte gzipped. */
export const FIRST_TAP_SCRIPT = SOURCE;

/** The script's hash for the Content-Security-Policy's script-src (no 'unsafe-inline'). */
export const FIRST_TAP_CSP_SOURCE = `'sha256-${createHash('sha256').update(FIRST_TAP_SCRIPT).digest('base64')}'`;
