import * as v from 'valibot';
import type { NowPlayingSong } from './now-playing';

/**
 * Song requests and dedications (docs/api.md "Song requests and dedications", docs/product.md
 * "Requests"): the routes, the request a listener sends, what they and moderators read back,
 * and which request is on air now (the server's /api/np and the requester's own page ask the
 * same question of the same function).
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

/** One request per listener (device, and address) per 10 minutes. */
export const REQUEST_INTERVAL_MS = 10 * 60 * 1000;
/** Per address in the same 10 minutes: generous, since a carrier's NAT puts many phones behind one. */
export const REQUESTS_PER_ADDRESS = 10;
/** Open requests (received, in our own queue) a tenant holds at most. */
export const MAX_OPEN_REQUESTS = 200;
export const MAX_MESSAGE = 140;
export const MAX_NAME = 30;
/** A song marked 'Played' is on air this long (a schedule-only station has no titles to match). */
export const PLAYED_ON_AIR_MS = 6 * 60 * 1000;
/** A received request whose song comes on within this long of asking is that request. */
export const REQUEST_MATCH_MS = 3 * 60 * 60 * 1000;

export const REQUEST_MESSAGES = {
  off: 'Song requests are not open on this station',
  song: 'Pick a song, or type its title and artist',
  unknownSong: 'That song cannot be requested',
  device: `Send the ${DEVICE_ID_HEADER} header (the app makes one)`,
  tooSoon: 'You can request one song every 10 minutes. Please try again later.',
  addressBusy: 'Too many requests from your network. Please try again later.',
  full: 'The request list is full right now. Please try again later.',
  word: 'Your dedication has a word this station does not allow',
  stationDown: 'The station did not answer. Please try again.',
  notFound: 'Request not found',
} as const;

const text = (max: number, message: string) => v.pipe(v.string(message), v.trim(), v.maxLength(max, message));
const optionalText = (max: number, message: string) => v.optional(text(max, message), '');

/** POST /api/requests: `{songId}` or `{title, artist}`, with an optional dedication. */
export const NewSongRequestSchema = v.pipe(
  v.object({
    songId: v.optional(text(120, REQUEST_MESSAGES.song), ''),
    title: optionalText(160, 'Title must be at most 160 characters'),
    artist: optionalText(120, 'Artist must be at most 120 characters'),
    name: optionalText(MAX_NAME, `Your name must be at most ${MAX_NAME} characters`),
    for: optionalText(MAX_NAME, `For must be at most ${MAX_NAME} characters`),
    message: optionalText(MAX_MESSAGE, `Message must be at most ${MAX_MESSAGE} characters`),
  }),
  v.check((r) => r.songId !== '' || (r.title !== '' && r.artist !== ''), REQUEST_MESSAGES.song),
);
export type NewSongRequest = v.InferOutput<typeof NewSongRequestSchema>;

export const RequestPatchSchema = v.object({
  status: v.picklist(['played', 'skipped'], 'Status must be played or skipped'),
});

export interface RequestableSong {
  id: string;
  title: string;
  artist: string;
}

/** What a listener reads of their own requests, and a moderator of the queue. */
export interface SongRequest {
  id: string;
  title: string;
  artist: string;
  name: string;
  for: string;
  message: string;
  status: RequestStatus;
  createdAt: string;
  playedAt: string | null;
}

/** GET /api/np's `request`: who asked for the song on air, and for whom ('' when for nobody). */
export interface OnAirRequest {
  name: string;
  for: string;
}

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * The request on air now, of those given: one a moderator marked 'Played' in the last few
 * minutes (the latest), else the oldest received one whose title and artist are what is playing.
 */
export function requestOnAir<R extends Pick<SongRequest, 'title' | 'artist' | 'status' | 'createdAt' | 'playedAt'>>(
  requests: readonly R[],
  nowPlaying: Pick<NowPlayingSong, 'title' | 'artist'> | null,
  nowMs: number,
): R | null {
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
