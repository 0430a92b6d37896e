import * as v from 'valibot';
import { DEVICE_ID_HEADER, type RequestStatus } from './request-on-air';

/**
 * Song requests and dedications (docs/api.md "Song requests and dedications", docs/product.md
 * "Requests"): the request a listener sends, its limits, and what they and moderators read back.
 * The radio page's first screen reads the rest without valibot (domain/request-on-air.ts).
 */
export {
  DEVICE_ID_HEADER,
  PLAYED_ON_AIR_MS,
  REQUEST_MATCH_MS,
  REQUEST_PATHS,
  REQUEST_STATUSES,
  isDeviceId,
  requestOnAir,
  requestedByLine,
  type OnAirRequest,
  type RequestStatus,
} from './request-on-air';

/** One request per listener (device, and address) per 10 minutes. */
export const REQUEST_INTERVAL_MS = 10 * 60 * 1000;
/** Per address in the same 10 minutes: generous, since a carrier's NAT puts many phones behind one. */
export const REQUESTS_PER_ADDRESS = 10;
/** Open requests (received, in our own queue) a tenant holds at most. */
export const MAX_OPEN_REQUESTS = 200;
export const MAX_MESSAGE = 140;
export const MAX_NAME = 30;

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
