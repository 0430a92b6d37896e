/**
 * The live stream fed to a media element through Media Source Extensions (issues 29 and 43,
 * docs/server-render.md "Before the app starts", docs/performance.md "Time to first sound"):
 * a fetch of the stream appended chunk by chunk to a `SourceBuffer('audio/mpeg')`. The element
 * then starts on the stream's first few KB, where a plain `src` waits for Chromium's first
 * 32 KB block before its demuxer sees a byte. One module for every play of the live stream: the
 * page's first-tap script bundles it (first-tap/first-tap.page.js, inline in every rendered
 * page, so it is written to stay small: no classes, nothing imported) and the player loads each
 * later play with it (player.ts: pause then play, Back to Live, a reconnect).
 *
 * - Only an MP3 stream of our own origin (the page may not connect to another), on a browser
 *   with MSE; a stream that is not MP3, or an answer other than 200, gets the element's plain
 *   `src` (and a play, as the element's load took back the one before).
 * - Taking the element's source away (a pause, a stop, another source, the player's reconnect)
 *   closes the MediaSource, and that aborts the feed's request: no connection is left open.
 * - A failed connection ends the stream with a network error: the element's `error`, which the
 *   player's reconnect already handles, as it would for a plain `src`. The stream's own end is
 *   the element's `ended`.
 * - What was heard more than a little while ago is removed from the buffer, so a long listen
 *   keeps a bounded buffer; each play is a new request, so a play after a pause is at the live
 *   edge, never the stale buffer.
 */

/** The part of the media element the feed uses. */
export interface FedElement {
  src: string;
  currentTime: number;
  play(): Promise<void>;
}

const MP3 = 'audio/mpeg';

/** Seconds heard that the buffer keeps; past twice as many, a trim. */
const KEEP = 15;

/**
 * Puts the live stream at `src` on the element, fed when it can be (above), else as its plain
 * `src`; the caller plays it.
 */
export function loadLive(a: FedElement, src: string): void {
  const M = window.MediaSource;
  if (!M || !M.isTypeSupported(MP3) || new URL(src, location.href).origin != location.origin) {
    a.src = src;
    return;
  }
  const m = new M();
  const c = new AbortController();
  const q: BufferSource[] = [];
  const got = fetch(src, { signal: c.signal });
  let b: SourceBuffer | undefined;
  let done: boolean | undefined;
  // Where the buffer has been trimmed up to, in the element's time.
  let trimmed = 0;
  // Not MP3, or not a stream: the element's plain src (`plain` = 1). Else a failed connection:
  // the element's network error, as a plain src would have.
  function end(plain?: unknown) {
    if (m.readyState != 'open') return;
    c.abort();
    if (plain === 1) {
      a.src = src;
      a.play().catch(() => {});
    } else {
      // An append under way would make ending the stream throw.
      if (b && b.updating) b.abort();
      m.endOfStream('network');
    }
  }
  // One change at a time: what was heard long ago goes, else the next chunk, else (the stream
  // has ended) the stream's end. Whatever throws (the source closed meanwhile, the buffer
  // full) ends the feed.
  function pump() {
    if (b!.updating) return;
    try {
      if (a.currentTime - trimmed > 2 * KEEP) b!.remove(0, (trimmed = a.currentTime - KEEP));
      else if (q.length) b!.appendBuffer(q.shift()!);
      else if (done) m.endOfStream();
    } catch {
      end();
    }
  }
  got.catch(end);
  a.src = URL.createObjectURL(m);
  // The element's source taken away: the feed's request goes too.
  m.addEventListener('sourceclose', () => c.abort());
  m.addEventListener('sourceopen', () => {
    // Attached: the element holds the MediaSource, the URL is no longer needed (nor kept alive).
    URL.revokeObjectURL(a.src);
    got.then((r) => {
      if (!r.ok || (r.headers.get('content-type') || '').indexOf(MP3)) return end(1);
      const read = r.body!.getReader();
      b = m.addSourceBuffer(MP3);
      b.addEventListener('updateend', pump);
      const next = (): unknown =>
        read.read().then((x) => {
          if (x.done) return (done = true), pump();
          q.push(x.value);
          pump();
          next();
        }, end);
      next();
    }, end);
  });
}
