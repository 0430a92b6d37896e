import * as v from 'valibot';
import { NewArtistSchema, SOCIAL_KEYS, type SocialKey } from '../../../domain/artists';
import { fieldIssues, type FieldIssue } from '../../../domain/http-error';
import { NewTrackSchema } from '../../../domain/tracks';
import { megabytes, UPLOAD_MAX_BYTES } from '../../../domain/uploads';
import { ApiError } from '../../lib/api-client';
import type { UploadProgress } from '../../api/uploads';

// docs/product.md 'Artist submission': the artist and a first track, with audio and an optional
// photo: the files through the upload module (app/api/uploads.ts, resumable), then
// POST /api/artists, POST /api/tracks.

/** The request never reached an answer (offline, dropped connection, aborted). */
export class NetworkError extends Error {
  constructor(message = 'Network request failed') {
    super(message);
    this.name = 'NetworkError';
  }
}

const AUDIO_EXTENSIONS = /\.(mp3|wav|ogg|oga|opus|m4a|mp4|aac|flac|webm)$/i;
const IMAGE_EXTENSIONS = /\.(jpe?g|png|webp|gif|avif)$/i;

export interface SubmissionValues {
  name: string;
  bio: string;
  countryCode: string;
  instagram: string;
  spotify: string;
  youtube: string;
  soundcloud: string;
  photo: File | null;
  title: string;
  genre: string;
  bpm: string;
  songKey: string;
  explicit: boolean;
  audio: File | null;
}

export type SubmissionField = Exclude<keyof SubmissionValues, 'explicit'>;
export type FieldErrors = Partial<Record<SubmissionField, string>>;

export const EMPTY_SUBMISSION: SubmissionValues = {
  name: '',
  bio: '',
  countryCode: '',
  instagram: '',
  spotify: '',
  youtube: '',
  soundcloud: '',
  photo: null,
  title: '',
  genre: '',
  bpm: '',
  songKey: '',
  explicit: false,
  audio: null,
};

export interface ArtistBody {
  name: string;
  bio: string;
  countryCode: string;
  photoUrl: string | null;
  socials: Partial<Record<SocialKey, string>>;
}

export interface TrackBody {
  artistId: string;
  title: string;
  genre: string;
  bpm: number | null;
  songKey: string | null;
  explicit: boolean;
  fileUrl: string;
}

export function artistBody(values: SubmissionValues, photoUrl: string | null): ArtistBody {
  const socials: Partial<Record<SocialKey, string>> = {};
  for (const key of SOCIAL_KEYS) if (values[key].trim()) socials[key] = values[key].trim();
  return { name: values.name.trim(), bio: values.bio.trim(), countryCode: values.countryCode, photoUrl, socials };
}

/** '' is no BPM; anything else must read as a number (the schema then checks the range). */
export function parseBpm(text: string): number | null {
  const t = text.trim();
  return t === '' ? null : Number(t);
}

export function trackBody(values: SubmissionValues, artistId: string, fileUrl: string): TrackBody {
  return {
    artistId,
    title: values.title.trim(),
    genre: values.genre,
    bpm: parseBpm(values.bpm),
    songKey: values.songKey.trim() || null,
    explicit: values.explicit,
    fileUrl,
  };
}

/** A server (or schema) field path → the form field that shows its message. */
export function fieldOf(path: string, step?: Step): SubmissionField | null {
  if (path.startsWith('socials.')) {
    const key = path.slice('socials.'.length);
    return (SOCIAL_KEYS as readonly string[]).includes(key) ? (key as SocialKey) : null;
  }
  if (path === 'file') return step === 'photo' ? 'photo' : 'audio';
  if (path === 'photoUrl') return 'photo';
  if (path === 'fileUrl') return 'audio';
  const direct: readonly SubmissionField[] = ['name', 'bio', 'countryCode', 'title', 'genre', 'bpm', 'songKey'];
  return (direct as readonly string[]).includes(path) ? (path as SubmissionField) : null;
}

function addIssues(errors: FieldErrors, issues: readonly FieldIssue[], step?: Step): void {
  for (const issue of issues) {
    const field = fieldOf(issue.path, step);
    if (field && !errors[field]) errors[field] = issue.message;
  }
}

function isAudio(file: File): boolean {
  return file.type.startsWith('audio/') || AUDIO_EXTENSIONS.test(file.name);
}
function isImage(file: File): boolean {
  return file.type.startsWith('image/') || IMAGE_EXTENSIONS.test(file.name);
}

/** An upload URL of the shape the server makes (public URL fields take only such, or http(s)). */
const STAND_IN_UPLOAD = '/uploads/00000000-0000-0000-0000-000000000000.mp3';

/**
 * The checks the browser can make before sending anything: the same valibot schemas the
 * server uses (so the messages match), plus the files. Bitrate is the server's to judge.
 */
export function validateSubmission(values: SubmissionValues): FieldErrors {
  const errors: FieldErrors = {};
  const artist = v.safeParse(NewArtistSchema, artistBody(values, null));
  if (!artist.success) addIssues(errors, fieldIssues(artist.issues));
  // The artist id and audio URL are not known yet; stand-ins let the rest be checked.
  const track = v.safeParse(NewTrackSchema, trackBody(values, 'pending', STAND_IN_UPLOAD));
  if (!track.success) addIssues(errors, fieldIssues(track.issues));

  if (!values.audio) errors.audio = 'An audio file is required';
  else if (!isAudio(values.audio)) errors.audio = 'Choose an audio file (MP3, WAV, OGG, M4A, FLAC or WebM)';
  else if (values.audio.size > UPLOAD_MAX_BYTES.audio) errors.audio = `Audio must be ${megabytes(UPLOAD_MAX_BYTES.audio)} MB or smaller`;
  else if (values.audio.size === 0) errors.audio = 'This audio file is empty';

  if (values.photo) {
    if (!isImage(values.photo)) errors.photo = 'Choose an image (JPEG, PNG, WebP, GIF or AVIF)';
    else if (values.photo.size > UPLOAD_MAX_BYTES.image) errors.photo = `Images must be ${megabytes(UPLOAD_MAX_BYTES.image)} MB or smaller`;
  }
  return errors;
}

export type Step = 'photo' | 'audio' | 'artist' | 'track';

export const STEP_LABELS: Record<Step, string> = {
  photo: 'Uploading photo',
  audio: 'Uploading audio',
  artist: 'Creating artist profile',
  track: 'Submitting track',
};

export interface Progress {
  step: Step;
  /** 1-based position of the step among those this submission needs. */
  index: number;
  total: number;
  /** 0..1 within the step (uploads report bytes; the JSON calls jump 0 → 1). */
  fraction: number;
  /** An upload step's bytes and state ('paused' while the connection is gone). */
  upload?: UploadProgress;
}

export interface SubmissionDeps {
  newKey: () => string;
  /**
   * Uploads one file → its URL. The key identifies the step in the memo; the upload itself
   * resumes by the file (tus), so a press after a failure never sends held bytes again.
   */
  upload: (file: File, idempotencyKey: string, onProgress: (fraction: number, upload?: UploadProgress) => void, purpose: 'track' | 'image') => Promise<string>;
  createArtist: (body: ArtistBody, idempotencyKey: string) => Promise<{ id: string }>;
  createTrack: (body: TrackBody, idempotencyKey: string) => Promise<{ id: string }>;
}

/** One call's Idempotency-Key, and its answer once it has one. */
interface MemoEntry {
  key: string;
  result?: string;
}

/**
 * Remembers, across presses of the button, each call's key and answer by what it sends.
 * A press after a failure resends only what has not succeeded, under the same key when
 * the input is unchanged (so a request that did arrive before the connection dropped is
 * answered from the server's idempotency store, never made twice), and under a fresh key
 * when the input changed.
 */
export type SubmissionMemo = Map<string, MemoEntry>;

export class StepError extends Error {
  constructor(
    readonly step: Step,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'StepError';
  }
}

const fileId = (f: File) => `${f.name}|${f.size}|${f.lastModified}|${f.type}`;

export interface SubmissionResult {
  artistId: string;
  trackId: string;
}

/** Runs the submission; assumes validateSubmission found nothing. Keys are made here, at the press. */
export async function runSubmission(
  values: SubmissionValues,
  deps: SubmissionDeps,
  memo: SubmissionMemo,
  onProgress: (p: Progress) => void = () => {},
): Promise<SubmissionResult> {
  const audio = values.audio;
  if (!audio) throw new StepError('audio', new Error('An audio file is required'));
  const photo = values.photo;

  const ids = {
    photo: photo ? `photo:${fileId(photo)}` : null,
    audio: `audio:${fileId(audio)}`,
    artist: '',
    track: '',
  };
  ids.artist = `artist:${JSON.stringify(artistBody(values, null))}:${ids.photo ?? ''}`;
  ids.track = `track:${JSON.stringify(trackBody(values, '', ''))}:${ids.artist}:${ids.audio}`;

  const entry = (id: string): MemoEntry => {
    let e = memo.get(id);
    if (!e) memo.set(id, (e = { key: deps.newKey() }));
    return e;
  };
  const steps: Step[] = photo ? ['photo', 'audio', 'artist', 'track'] : ['audio', 'artist', 'track'];
  const entries = Object.fromEntries(steps.map((s) => [s, entry(ids[s]!)])) as Record<Step, MemoEntry>;

  const run = async (step: Step, call: (key: string, progress: (f: number, upload?: UploadProgress) => void) => Promise<string>): Promise<string> => {
    const e = entries[step];
    const index = steps.indexOf(step) + 1;
    const progress = (fraction: number, upload?: UploadProgress) => onProgress({ step, index, total: steps.length, fraction, ...(upload ? { upload } : {}) });
    if (e.result !== undefined) {
      progress(1);
      return e.result;
    }
    progress(0);
    try {
      e.result = await call(e.key, progress);
    } catch (err) {
      throw new StepError(step, err);
    }
    progress(1);
    return e.result;
  };

  const photoUrl = photo ? await run('photo', (key, p) => deps.upload(photo, key, p, 'image')) : null;
  const fileUrl = await run('audio', (key, p) => deps.upload(audio, key, p, 'track'));
  const artistId = await run('artist', async (key) => (await deps.createArtist(artistBody(values, photoUrl), key)).id);
  const trackId = await run('track', async (key) => (await deps.createTrack(trackBody(values, artistId, fileUrl), key)).id);
  return { artistId, trackId };
}

export interface SubmissionFailure {
  fields: FieldErrors;
  /** Shown above the button; null when the field messages say it all. */
  message: string | null;
}

/** Where a failed submission's messages go: beside the fields when the server named one. */
export function describeFailure(err: unknown, online = true): SubmissionFailure {
  const step = err instanceof StepError ? err.step : undefined;
  const cause = err instanceof StepError ? err.cause : err;
  if (cause instanceof NetworkError || cause instanceof TypeError) {
    return {
      fields: {},
      message: online
        ? "We couldn't reach the server. Your entries are kept: check your connection and press Submit again."
        : "You're offline. Your entries are kept: press Submit again when you're back online.",
    };
  }
  if (cause instanceof ApiError) {
    const fields: FieldErrors = {};
    addIssues(fields, cause.issues, step);
    // Uploads refused for type (415) or size (413) name no field, but only one file was sent.
    if ((step === 'photo' || step === 'audio') && Object.keys(fields).length === 0 && cause.status < 500 && cause.status !== 429) {
      fields[step] = cause.message;
    }
    if (Object.keys(fields).length > 0) return { fields, message: null };
    return { fields, message: cause.message };
  }
  return { fields: {}, message: cause instanceof Error ? cause.message : 'Something went wrong. Please try again.' };
}
