import type { NowPlayingSong } from './now-playing';

/**
 * Which song request is on air now (docs/api.md "Song requests and dedications"): the server's
 * GET /api/np and the requester's own radio page ask the same question of the same function.
 * With the routes and the device header: the radio page's first screen reads this file, so it
 * imports no code (valibot stays out of the first visit).
 */
export const REQUEST_PATHS = {
  songs: '/api/requests/songs',
  create: '/api/requests',
  mine: '/api/requests/mine',
  admin: '/api/admin/requests',
} as const;

/** The listener's device: a random uuid the app makes once and keeps (never answered back). */
export const DEVICE_ID_HEADER = 'X-Device-Id';
export const isDeviceId = (s: string): boolean => /^[A-Za-z0-9-]{8,64}$/.test(s);

export const REQUEST_STATUSES = ['received', 'played', 'skipped'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** A song marked 'Played' is on air this long (a schedule-only station has no titles to match). */
export const PLAYED_ON_AIR_MS = 6 * 60 * 1000;
/** A received request whose song comes on within this long of asking is that request. */
export const REQUEST_MATCH_MS = 3 * 60 * 60 * 1000;

/** GET /api/np's `request`: who asked for the song on air, and for whom ('' when for nobody). */
export interface OnAirRequest {
  name: string;
  for: string;
}

interface Candidate {
  title: string;
  artist: string;
  status: RequestStatus;
  createdAt: string;
  playedAt: string | null;
}

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * The request on air now, of those given: one a moderator marked 'Played' in the last few
 * minutes (the latest), else the oldest received one whose title and artist are what is playing.
 */
export function requestOnAir<R extends Candidate>(requests: readonly R[], nowPlaying: Pick<NowPlayingSong, 'title' | 'artist'> | null, nowMs: number): R | null {
  const played = requests
    .filter((r) => r.status === 'played' && r.playedAt && nowMs - Date.parse(r.playedAt) < PLAYED_ON_AIR_MS)
    .sort((a, b) => Date.parse(b.playedAt!) - Date.parse(a.playedAt!));
  if (played[0]) return played[0];
  if (!nowPlaying) return null;
  const title = norm(nowPlaying.title);
  const artist = norm(nowPlaying.artist);
  return (
    requests
      .filter((r) => r.status === 'received' && nowMs - Date.parse(r.createdAt) < REQUEST_MATCH_MS && norm(r.title) === title && norm(r.artist) === artist)
      .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt))[0] ?? null
  );
}

/** 'Requested by {name} for {who}', or 'Requested by {name}' without a 'for' (docs/product.md). */
export function requestedByLine(request: OnAirRequest): string {
  const name = request.name || 'a listener';
  return request.for ? `Requested by ${name} for ${request.for}` : `Requested by ${name}`;
}
