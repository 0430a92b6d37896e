// The page's first-tap script, inline in the head of every page the server renders (issue 29,
// ./first-tap.ts says what it does and why). Plain ES2017 for any phone's browser; the server's
// build and the tests minify it (scripts/page-script.mjs), so the comments here cost nothing.
(function () {
  var w = window, root = document.documentElement, later = w.__tapsLater = [], MP3 = 'audio/mpeg';

  // A control whose work needs the app: its tap or submit waits for the app (./taps-later.ts).
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
    function near(selector) {
      return e.target.closest && e.target.closest(selector);
    }
    var l = near('button[data-after-start]');
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
    // The app's player has loaded: the tap is its (a button React has not hydrated yet).
    if (p) return p.toggle(src);
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
    var a = f ? f.audio : new Audio(), M = w.MediaSource;
    a.onplaying = function () {
      root.setAttribute('data-first-tap', 'playing');
    };
    if (M && M.isTypeSupported(MP3) && new URL(src, location.href).origin == location.origin) feed(a, src, new M());
    else a.src = src;
    a.play().catch(function () {
      root.removeAttribute('data-first-tap');
    });
    root.setAttribute('data-first-tap', 'connecting');
    w.__firstTap = { audio: a, src: src };
  }, true);

  // The stream fed to the element through Media Source Extensions: it starts on the first few
  // KB where a plain src waits for Chromium's first 32 KB block. The request leaves with the tap.
  function feed(a, src, m) {
    var c = new AbortController(), q = [], b, done, got = fetch(src, { signal: c.signal });
    // Not MP3, or not a stream: the element's plain src (plain = 1). A failed connection: the
    // element's network error, as a plain src would have.
    function end(plain) {
      if (m.readyState != 'open') return;
      c.abort();
      if (plain === 1) {
        a.src = src;
        a.play().catch(function () {});
      } else {
        // An append under way would make ending the stream throw.
        if (b && b.updating) b.abort();
        m.endOfStream('network');
      }
    }
    // One append at a time; the stream's end once what came before it is in.
    function pump() {
      if (b.updating) return;
      if (!q.length) return done && m.readyState == 'open' && m.endOfStream();
      try {
        b.appendBuffer(q[0]);
        q.shift();
      } catch (e) {
        // Full: what has been heard goes (the browser also collects it by itself).
        if (a.currentTime > 20) b.remove(0, a.currentTime - 10);
        else end();
      }
    }
    got.catch(end);
    a.src = URL.createObjectURL(m);
    // The element's source taken away (a pause, the player's own reconnect): the feed's request goes too.
    m.addEventListener('sourceclose', function () {
      c.abort();
    });
    m.addEventListener('sourceopen', function () {
      got.then(function (r) {
        var read = r.body.getReader();
        if (!r.ok || (r.headers.get('content-type') || '').indexOf(MP3)) return end(1);
        b = m.addSourceBuffer(MP3);
        b.addEventListener('updateend', pump);
        (function next() {
          read.read().then(function (x) {
            if (x.done) return (done = 1), pump();
            q.push(x.value);
            pump();
            next();
          }, end);
        })();
      }, end);
    });
  }
})();
