/**
 * The relayed live stream's HLS ladder on a media element (docs/live-relay.md): Safari's own
 * HLS, elsewhere hls.js, imported only when a listener plays a relayed stream (its chunk is
 * the one /watch loads). hls.js picks the rung from the measured bandwidth by itself; Low Data
 * Mode caps it at the lowest. Times on the relay's timeline are its program date-times (ms).
 */
export interface LadderHandle {
  /** The program date-time at a media time, or null when the playlist does not cover it. */
  dateAt(time: number): number | null;
  /** The media time of a program date-time, or null when it left the window. */
  timeOf(dateMs: number): number | null;
  /** The seekable stretch in media time: the oldest segment's start, the live edge. */
  range(): { start: number; live: number } | null;
  /** The rung playing (0 the lowest), or -1 while unknown. */
  level(): number;
  /** Low Data Mode on: the lowest rung only. */
  capLowest(on: boolean): void;
  destroy(): void;
}

export interface AttachOptions {
  lowData: boolean;
  /** hls.js gave up (network or media): the engine's reconnect takes over. */
  onFatal: () => void;
}

export type AttachLadder = (media: HTMLMediaElement, src: string, options: AttachOptions) => Promise<LadderHandle>;

/** The part of an hls.js fragment the ladder's clock needs: where it starts, for how long, and its program date-time. */
export interface TimedFragment {
  start: number;
  duration: number;
  programDateTime: number | null;
}

/**
 * The program date-time at a media time, or null when no fragment covers it. A stalled element
 * stops at the end of what it buffered, which can lie a few milliseconds past the last
 * fragment's listed duration (the playlist's durations are rounded): that much is still its.
 */
export function dateAtTime(fragments: readonly TimedFragment[], time: number): number | null {
  let f: TimedFragment | null = null;
  for (const x of fragments) {
    if (x.start <= time) f = x;
    else break;
  }
  if (!f || f.programDateTime === null || time > f.start + f.duration + END_SLACK_S) return null;
  return f.programDateTime + (time - f.start) * 1000;
}

/** How far past a fragment's listed end a media time still belongs to it. */
const END_SLACK_S = 0.5;

/**
 * The media time of a program date-time, or null when it is older than the window. The
 * fragment that began last at or before it is the one: segments' date-times are the relay's
 * wall clock, so the next one can begin a few milliseconds after this one ends, and the moment
 * the sound stopped (the end of the last fragment played) can fall in that seam; a date in a
 * gap (the source dropped) resumes at the gap's end. Past the live edge, the edge.
 */
export function timeAtDate(fragments: readonly TimedFragment[], dateMs: number): number | null {
  let found: TimedFragment | null = null;
  for (const f of fragments) {
    if (f.programDateTime === null) continue;
    if (f.programDateTime <= dateMs) found = f;
    else if (found === null) return null;
    else if (found.programDateTime! + found.duration * 1000 <= dateMs) return f.start;
    else break;
  }
  if (!found) return null;
  return found.start + Math.min(found.duration, (dateMs - found.programDateTime!) / 1000);
}

/** As on /watch (app/features/watch/hls-video.tsx): Safari plays HLS itself; Chromium's own is not used. */
export function playsHlsNatively(media: HTMLMediaElement): boolean {
  if (!media.canPlayType('application/vnd.apple.mpegurl')) return false;
  return /Apple/.test(navigator.vendor) || !('MediaSource' in window || 'ManagedMediaSource' in window);
}

export const attachLadder: AttachLadder = async (media, src, options) => {
  if (playsHlsNatively(media)) return nativeLadder(media, src);
  const { default: Hls } = await import('hls.js/light');
  if (!Hls.isSupported()) return nativeLadder(media, src);
  const hls = new Hls({
    // The lowest rung first: its 4 s segment is about 14 KB, the quickest sound; hls.js moves up as it measures.
    startLevel: 0,
    lowLatencyMode: false,
    // Two segments behind the edge: a little less delay than the default three.
    liveSyncDurationCount: 2,
    // The rewind window is the server's; keep what was played only briefly (cheap phones' memory).
    backBufferLength: 30,
  });
  if (options.lowData) hls.autoLevelCapping = 0;
  let networkRetries = 0;
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR) return hls.recoverMediaError();
    if (data.type === Hls.ErrorTypes.NETWORK_ERROR && networkRetries < 2) {
      networkRetries += 1;
      return hls.startLoad();
    }
    options.onFatal();
  });
  hls.on(Hls.Events.FRAG_LOADED, () => {
    networkRetries = 0;
  });
  hls.loadSource(src);
  hls.attachMedia(media);
  const fragments = () => hls.latestLevelDetails?.fragments ?? [];
  return {
    dateAt: (time) => dateAtTime(fragments(), time),
    timeOf: (dateMs) => timeAtDate(fragments(), dateMs),
    range() {
      const all = fragments();
      const first = all[0];
      const last = all[all.length - 1];
      if (!first || !last) return null;
      return { start: first.start, live: hls.liveSyncPosition ?? last.start + last.duration };
    },
    level: () => hls.currentLevel,
    capLowest(on) {
      hls.autoLevelCapping = on ? 0 : -1;
    },
    destroy() {
      hls.destroy();
    },
  };
};

/** Safari: the element plays the master playlist; its date comes from getStartDate() (exported for its test: no Safari here). */
export function nativeLadder(media: HTMLMediaElement, src: string): LadderHandle {
  media.src = src;
  const start = () => {
    const date = (media as HTMLMediaElement & { getStartDate?: () => Date }).getStartDate?.();
    const ms = date?.getTime();
    return ms !== undefined && Number.isFinite(ms) ? ms : null;
  };
  return {
    dateAt: (time) => {
      const s = start();
      return s === null ? null : s + time * 1000;
    },
    timeOf: (dateMs) => {
      const s = start();
      return s === null ? null : (dateMs - s) / 1000;
    },
    range: () => (media.seekable.length > 0 ? { start: media.seekable.start(0), live: media.seekable.end(media.seekable.length - 1) } : null),
    level: () => -1,
    // Safari chooses its rendition itself; it cannot be capped from here.
    capLowest: () => {},
    destroy: () => {
      media.removeAttribute('src');
      media.load();
    },
  };
}
