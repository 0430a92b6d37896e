export const NP_HISTORY_MAX = 20;

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
}
