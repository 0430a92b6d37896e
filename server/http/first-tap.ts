import { createHash } from 'node:crypto';

/**
 * The page's first-tap script (issue 29, docs/server-render.md "Before the app starts"), inline
 * in the head of every page the server renders: a tap on a button marked `data-stream` (Listen
 * Live, the bar's play button) plays the live stream at once, before the app has started. It
 * starts one `<audio>` and leaves it in `window.__firstTap` for the app's player to adopt
 * (app/lib/player/first-tap.ts); once the player has loaded, a tap on a button React has not
 * hydrated yet goes to it (`window.__radioPlayer`); a hydrated button (`appTaps`) is React's.
 * A second tap while the stream connects keeps it connecting (the listener heard nothing yet);
 * a tap while it plays stops it. `data-first-tap` on <html> shows that it connects.
 *
 * A control whose work needs the app (a form marked `data-after-start`, a button so marked) is
 * held instead: its submit or tap waits in `window.__tapsLater`, marked `aria-busy`, and the app
 * makes it again once it has taken the control over (app/lib/taps-later.ts).
 *
 * It also starts the app. The page names the app's entry with `<link rel="modulepreload"
 * data-app>` instead of a module script, so the browser fetches the app at once but runs it
 * only when this script imports it: once the page has loaded and the app's modules (the page's
 * modulepreloads, which do not hold the load event) have arrived, and, if a tap is connecting
 * the stream then, once that stream plays (or fails, or after 2 s). After the load event, so
 * what the app fetches as it starts is never part of the page's own load. Evaluating the app
 * is the main thread's longest work of a first visit, and the audio element's start needs the
 * main thread: on a slow phone the listener heard the stream about 0.2 s later while the app
 * was evaluated in its way (docs/performance.md, "Time to first sound").
 */
const SOURCE = `(function () {
  var w = window, d = document, root = d.documentElement, later = w.__tapsLater = [], preloads = 0, starting;
  function hold(e, el) {
    e.preventDefault();
    e.stopPropagation();
    if (later.indexOf(el) == -1) later.push(el);
    el.setAttribute('aria-busy', 'true');
  }
  function near(e, selector) {
    return e.target.closest && e.target.closest(selector);
  }
  addEventListener('submit', function (e) {
    var f = e.target;
    if (f.hasAttribute('data-after-start') && !f.appTaps) hold(e, f);
  }, true);
  addEventListener('click', function (e) {
    var l = near(e, 'button[data-after-start]'), b = near(e, '[data-stream]'), p = w.__radioPlayer, f = w.__firstTap, a;
    if (l && !l.appTaps) return hold(e, l);
    if (!b || b.appTaps || b.disabled) return;
    e.stopPropagation();
    if (p) return p.toggle(b.dataset.stream);
    if (f && !f.audio.paused) {
      if (f.audio.currentTime > 0) { f.audio.pause(); f.audio.removeAttribute('src'); f.audio.load(); root.removeAttribute('data-first-tap'); }
      return;
    }
    a = f ? f.audio : new Audio();
    a.onplaying = function () { root.setAttribute('data-first-tap', 'playing'); };
    a.src = b.dataset.stream;
    a.play().catch(function () { root.removeAttribute('data-first-tap'); });
    root.setAttribute('data-first-tap', 'connecting');
    w.__firstTap = { audio: a, src: b.dataset.stream };
  }, true);
  function startApp() {
    var entry = d.querySelector('link[data-app]'), f = w.__firstTap;
    function go() { if (entry) import(entry.href), entry = 0; }
    if (starting || d.readyState != 'complete' || d.querySelectorAll('link[rel=modulepreload]').length > preloads) return;
    starting = 1;
    if (f && root.getAttribute('data-first-tap') == 'connecting') {
      f.audio.addEventListener('playing', go);
      f.audio.addEventListener('error', go);
      setTimeout(go, 2000);
    } else go();
  }
  function preloaded(e) {
    if (e.target.rel == 'modulepreload') preloads++, startApp();
  }
  d.addEventListener('load', preloaded, true);
  d.addEventListener('error', preloaded, true);
  addEventListener('load', startApp);
})();`;

/** The script as sent: its lines joined, so the page carries a few hundred bytes. */
export const FIRST_TAP_SCRIPT = SOURCE.split('\n')
  .map((line) => line.trim())
  .join('');

/** The script's hash for the Content-Security-Policy's script-src (no 'unsafe-inline'). */
export const FIRST_TAP_CSP_SOURCE = `'sha256-${createHash('sha256').update(FIRST_TAP_SCRIPT).digest('base64')}'`;
