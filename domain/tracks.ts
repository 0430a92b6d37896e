import * as v from 'valibot';
import { GENRES, TRACK_STATUSES } from './catalog';
import { publicUrl, optionalPublicUrl, optionalText, required, requiredText } from './fields';

export const TRACK_TITLE_MAX = 160;

export const NewTrackSchema = v.object({
  artistId: required('Artist is required', v.pipe(v.string('Artist is required'), v.trim(), v.nonEmpty('Artist is required'), v.maxLength(64))),
  title: requiredText('Track title is required', TRACK_TITLE_MAX),
  genre: required('Genre is required', v.picklist(GENRES, 'Genre is required')),
  bpm: v.pipe(
    v.optional(v.nullable(v.number('BPM must be a number')), null),
    v.check((n) => n === null || (Number.isInteger(n) && n >= 20 && n <= 400), 'BPM must be a whole number from 20 to 400'),
  ),
  songKey: optionalText(12),
  explicit: v.optional(v.boolean('explicit must be true or false'), false),
  coverUrl: optionalPublicUrl('Valid cover URL is required'),
  fileUrl: publicUrl('An audio file is required'),
});
export type NewTrack = v.InferOutput<typeof NewTrackSchema>;

export const TrackModerationSchema = v.pipe(
  v.object({
    status: v.optional(v.picklist(TRACK_STATUSES, 'status must be approved, rejected or pending')),
    featured: v.optional(v.boolean('featured must be true or false')),
  }),
  v.check((p) => p.status !== undefined || p.featured !== undefined, 'Nothing to change'),
);
export type TrackModeration = v.InferOutput<typeof TrackModerationSchema>;

export const TrackSchema = v.object({
  id: v.string(),
  artistId: v.string(),
  title: v.pipe(v.string(), v.minLength(1), v.maxLength(TRACK_TITLE_MAX)),
  genre: v.picklist(GENRES),
  bpm: v.nullable(v.number()),
  songKey: v.nullable(v.string()),
  explicit: v.boolean(),
  featured: v.boolean(),
  coverUrl: v.nullable(v.string()),
  fileUrl: v.string(),
  /** The low-bitrate rendition (about 48 kbps) Low Data Mode plays; null until the server has made it. */
  lowDataUrl: v.optional(v.nullable(v.string())),
  status: v.picklist(TRACK_STATUSES),
  createdAt: v.string(),
});
export type Track = v.InferOutput<typeof TrackSchema>;
