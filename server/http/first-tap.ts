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
 */
const SOURCE = `(function () {
  var w = window, root = document.documentElement, later = w.__tapsLater = [];
  function hold(e, el) {
    e.preventDefault();
    e.stopPropagation();
    if (later.indexOf(el) == -1) later.push(el);
    el.setAttribute('aria-busy', 'true');
  }
  addEventListener('submit', function (e) {
    var f = e.target;
    if (f.hasAttribute('data-after-start') && !f.appTaps) hold(e, f);
  }, true);
  addEventListener('click', function (e) {
    var l = e.target.closest && e.target.closest('button[data-after-start]');
    if (l && !l.appTaps) return hold(e, l);
    var b = e.target.closest && e.target.closest('[data-stream]');
    if (!b || b.appTaps || b.disabled) return;
    var src = b.dataset.stream, p = w.__radioPlayer, f = w.__firstTap;
    e.stopPropagation();
    if (p) return p.toggle(src);
    if (f && !f.audio.paused) {
      if (f.audio.currentTime > 0) { f.audio.pause(); f.audio.removeAttribute('src'); f.audio.load(); root.removeAttribute('data-first-tap'); }
      return;
    }
    var a = f ? f.audio : new Audio();
    a.onplaying = function () { root.setAttribute('data-first-tap', 'playing'); };
    a.src = src;
    a.play().catch(function () { root.removeAttribute('data-first-tap'); });
    root.setAttribute('data-first-tap', 'connecting');
    w.__firstTap = { audio: a, src: src };
  }, true);
})();`;

/** The script as sent: its lines joined, so the page carries a few hundred bytes. */
export const FIRST_TAP_SCRIPT = SOURCE.split('\n')
  .map((line) => line.trim())
  .join('');

/** The script's hash for the Content-Security-Policy's script-src (no 'unsafe-inline'). */
export const FIRST_TAP_CSP_SOURCE = `'sha256-${createHash('sha256').update(FIRST_TAP_SCRIPT).digest('base64')}'`;
