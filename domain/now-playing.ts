import type { OnAirRequest } from './request-on-air';

export const NP_HISTORY_MAX = 20;

/** docs/api.md "Now playing": the answer, and its Server-Sent Events stream (never cached, by the worker either). */
export const NP_PATHS = {
  current: '/api/np',
  events: '/api/np/events',
} as const;

export interface NowPlayingSong {
  title: string;
  artist: string;
  art: string | null;
}

export interface PlayedSong {
  title: string;
  artist: string;
  playedAt: string;
}

/** GET /api/np. history newest first, at most 20; listeners null when the source gives none. */
export interface NowPlaying {
  nowPlaying: NowPlayingSong;
  history: PlayedSong[];
  listeners: number | null;
  /** The title of the show on air now by the schedule, in the tenant's zone; null between shows. */
  show: string | null;
  /**
   * Who requested the song on air, and for whom (docs/api.md "Song requests and dedications");
   * null when nobody did. The server always sends it; absent from a server that predates it.
   */
  request?: OnAirRequest | null;
}

const isSong = (v: unknown): v is NowPlayingSong => {
  const s = v as NowPlayingSong | null;
  return typeof s === 'object' && s !== null && typeof s.title === 'string' && typeof s.artist === 'string' && (s.art === null || typeof s.art === 'string');
};

/** The shape of GET /api/np, checked where it arrives outside a fetch (the event stream). */
export function isNowPlaying(v: unknown): v is NowPlaying {
  const n = v as NowPlaying | null;
  return (
    typeof n === 'object' &&
    n !== null &&
    isSong(n.nowPlaying) &&
    Array.isArray(n.history) &&
    n.history.every((h) => typeof h?.title === 'string' && typeof h.artist === 'string' && typeof h.playedAt === 'string') &&
    (n.listeners === null || typeof n.listeners === 'number') &&
    // An answer from a server older than the show field (a deploy in progress) is still one.
    (n.show == null || typeof n.show === 'string') &&
    (n.request == null || (typeof n.request === 'object' && typeof n.request.name === 'string' && typeof n.request.for === 'string'))
  );
}
