import * as v from 'valibot';
import { OWN_UPLOAD_PATH, optionalPublicUrl, optionalText, required, requiredText } from './fields';

// docs/api.md, Episodes: the show archive, on demand.

export const EPISODE_STATUSES = ['draft', 'published'] as const;
export type EpisodeStatus = (typeof EPISODE_STATUSES)[number];
export const EPISODE_SOURCES = ['upload', 'recording'] as const;
export type EpisodeSource = (typeof EPISODE_SOURCES)[number];

export const EPISODE_TITLE_MAX = 160;
export const EPISODE_DESCRIPTION_MAX = 4000;

const status = v.optional(v.picklist(EPISODE_STATUSES, 'status must be draft or published'), 'draft');
const showId = v.pipe(
  v.optional(v.nullable(v.string('showId must be a show id')), null),
  v.transform((s) => (s == null || s.trim() === '' ? null : s.trim())),
  v.check((s) => s === null || s.length <= 64, 'showId must be a show id'),
);

export const NewEpisodeSchema = v.object({
  title: requiredText('Episode title is required', EPISODE_TITLE_MAX),
  description: v.pipe(optionalText(EPISODE_DESCRIPTION_MAX), v.transform((s) => s ?? '')),
  audioUrl: required(
    'An audio file is required',
    v.pipe(v.string('An audio file is required'), v.trim(), v.regex(OWN_UPLOAD_PATH, 'The audio must be a file uploaded here')),
  ),
  showId,
  imageUrl: optionalPublicUrl('Valid image URL is required'),
  status,
});
export type NewEpisode = v.InferOutput<typeof NewEpisodeSchema>;

/** PATCH: any of these; the audio stays what was uploaded (delete and upload again to replace it). */
export const EpisodePatchSchema = v.pipe(
  v.object({
    title: v.optional(requiredText('Episode title is required', EPISODE_TITLE_MAX)),
    description: v.optional(v.pipe(optionalText(EPISODE_DESCRIPTION_MAX), v.transform((s) => s ?? ''))),
    showId: v.optional(showId),
    imageUrl: v.optional(optionalPublicUrl('Valid image URL is required')),
    status: v.optional(v.picklist(EPISODE_STATUSES, 'status must be draft or published')),
  }),
  v.check((p) => Object.values(p).some((x) => x !== undefined), 'Nothing to change'),
);
export type EpisodePatch = v.InferOutput<typeof EpisodePatchSchema>;

export const EpisodeSchema = v.object({
  id: v.string(),
  showId: v.nullable(v.string()),
  title: v.string(),
  description: v.string(),
  audioUrl: v.string(),
  /** The ≤ 32 kbps rendition Low Data Mode plays and saves; null until the server has made it. */
  lowDataUrl: v.nullable(v.string()),
  durationSeconds: v.number(),
  bytes: v.number(),
  lowDataBytes: v.nullable(v.number()),
  imageUrl: v.nullable(v.string()),
  publishedAt: v.nullable(v.string()),
  status: v.picklist(EPISODE_STATUSES),
  source: v.picklist(EPISODE_SOURCES),
  createdAt: v.string(),
});
export type Episode = v.InferOutput<typeof EpisodeSchema>;

/** The file a listener gets: the low-data rendition in Low Data Mode once it exists, else the original. */
export function episodeFile(episode: Pick<Episode, 'audioUrl' | 'lowDataUrl' | 'bytes' | 'lowDataBytes'>, lowData: boolean): { url: string; bytes: number } {
  if (lowData && episode.lowDataUrl) return { url: episode.lowDataUrl, bytes: episode.lowDataBytes ?? 0 };
  return { url: episode.audioUrl, bytes: episode.bytes };
}

/** '1:02:03' or '4:05' */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** '14 MB', '800 KB': the size on the 'Save for offline' button (decimal units, as phones show storage). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1_000_000) return `${Math.max(1, Math.round(bytes / 1_000_000))} MB`;
  return `${Math.max(1, Math.round(bytes / 1000))} KB`;
}

const recordingDates = new Map<string, Intl.DateTimeFormat>();
/**
 * A recorded airing's draft title (docs/recorder.md): the show's title and the date it aired in
 * the station's zone, written as the episode lists write dates ('Nov 26, 2026', the day, short
 * month and year of app/components/episodes/episode-row.tsx, in English), e.g.
 * 'Morning Praise — Nov 26, 2026'.
 */
export function recordingTitle(showTitle: string, startsAtMs: number, timeZone: string): string {
  let format = recordingDates.get(timeZone);
  if (!format) recordingDates.set(timeZone, (format = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', year: 'numeric', timeZone })));
  return `${showTitle} — ${format.format(new Date(startsAtMs))}`.slice(0, EPISODE_TITLE_MAX);
}
