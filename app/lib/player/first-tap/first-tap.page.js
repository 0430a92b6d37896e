// The page's first-tap script, inline in the head of every page the server renders (issue 29,
// ./first-tap.ts says what it does and why). Plain ES2017 for any phone's browser; the server's
// build and the tests bundle it with the live stream's feed, which the app's player shares, and
// minify it (scripts/page-script.mjs), so the comments here cost nothing.
import { loadLive } from '../live-feed';

var w = window, root = document.documentElement, later = w.__tapsLater = [];

// The feed, for the app's player until its own copy has come after the load event (player.ts):
// a play in between is fed too, where the element's plain src would wait for 32 KB.
w.__liveFeed = loadLive;

// A control whose work needs the app: its tap or submit waits for the app (./taps-later.ts).
function hold(e, el) {
  e.preventDefault();
  e.stopPropagation();
  if (later.indexOf(el) == -1) later.push(el);
  el.setAttribute('aria-busy', 'true');
}

addEventListener('submit', (e) => {
  var f = e.target;
  if (f.hasAttribute('data-after-start') && !f.appTaps) hold(e, f);
}, true);

addEventListener('click', (e) => {
  function near(selector) {
    return e.target.closest && e.target.closest(selector);
  }
  // A checkbox so marked (a moderation row's) too: unticked until the app makes the tap.
  var l = near('button[data-after-start],input[data-after-start]');
  if (l && !l.appTaps) return hold(e, l);
  var b = near('[data-stream]');
  // Any other button the page drew, until React listens (app/main.tsx): held and made again
  // then, unless the browser does its work by itself (a dialog's or popover's command, a
  // form's submit or reset), so a control nobody listed is never dead before the app. Once
  // React listens, every later click skips the lookup.
  var g = !b && !w.__appListens && near('button');
  if (g && !g.appTaps && !g.disabled && !g.hasAttribute('command') && !g.hasAttribute('commandfor') && !g.hasAttribute('popovertarget') && !(g.form && g.type != 'button')) return hold(e, g);
  if (!b || b.appTaps || b.disabled) return;
  var src = b.dataset.stream, p = w.__radioPlayer, f = w.__firstTap;
  e.stopPropagation();
  // The app's player has loaded: the tap is its (a button React has not hydrated yet), but as
  // below, a tap while the stream connects and nothing is heard yet keeps it connecting.
  if (p) return p.state.status == 'connecting' && p.state.src == src ? 0 : p.toggle(src);
  if (f && !f.audio.paused) {
    // Heard: a tap stops it. Still connecting: it keeps connecting.
    if (f.audio.currentTime > 0) {
      f.audio.pause();
      f.audio.removeAttribute('src');
      f.audio.load();
      root.removeAttribute('data-first-tap');
    }
    return;
  }
  var a = f ? f.audio : new Audio();
  a.onplaying = () => root.setAttribute('data-first-tap', 'playing');
  // Our own origin's MP3 stream fed through Media Source Extensions (../live-feed.ts): it
  // starts on the first few KB where a plain src waits for Chromium's first 32 KB block. The
  // request leaves with the tap.
  loadLive(a, src);
  a.play().catch(() => root.removeAttribute('data-first-tap'));
  root.setAttribute('data-first-tap', 'connecting');
  // The tap's time: the app's start waits for this stream 2 s from it, in all (first-tap.ts).
  w.__firstTap = { audio: a, src: src, at: e.timeStamp };
}, true);
