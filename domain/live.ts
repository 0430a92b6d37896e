/**
 * The live relay's public shape (docs/live-relay.md), shared by the server that publishes the
 * ladder and the player that plays it.
 */
export const LIVE_MASTER_PATH = '/live/master.m3u8';
/**
 * Our player asks for the relay with this query parameter (`beacon=1`), carried onto every URI
 * of the playlists: its listening is counted by its beacon, so the relay's own grouping of
 * segment requests into sessions leaves those requests out (docs/api.md "Audience").
 */
export const BEACON_PLAYER_PARAM = 'beacon';
export const withBeaconMark = (url: string): string => `${url}${url.includes('?') ? '&' : '?'}${BEACON_PLAYER_PARAM}=1`;

export interface LiveRendition {
  /** The playlist's name under /live/ (`<name>.m3u8`) and the prefix of its segments. */
  name: string;
  /** Target bitrate handed to the AAC encoder. */
  kbps: number;
  channels: 1 | 2;
  sampleRate: number;
  /** What the master playlist declares (BANDWIDTH): the encoder's real rate plus MPEG-TS framing. */
  bandwidth: number;
}

/**
 * Lowest first. The shipped ffmpeg has no HE-AAC (libfdk), so the lowest rung is LC-AAC,
 * mono, at 22.05 kHz: 24 kbps keeps an hour under 15 MB with MPEG-TS framing (32 kbps
 * measured 16.4 MB an hour on this ffmpeg, which overshoots its target).
 */
export const LIVE_LADDER: readonly LiveRendition[] = [
  { name: 'low', kbps: 24, channels: 1, sampleRate: 22_050, bandwidth: 32_000 },
  { name: 'mid', kbps: 64, channels: 2, sampleRate: 44_100, bandwidth: 80_000 },
  { name: 'high', kbps: 128, channels: 2, sampleRate: 44_100, bandwidth: 150_000 },
];

/** Segments are this long (s): short enough to start and switch fast, few enough requests. */
export const LIVE_SEGMENT_SECONDS = 4;
/** The rewind window. */
export const LIVE_WINDOW_MS = 2 * 60 * 60 * 1000;
