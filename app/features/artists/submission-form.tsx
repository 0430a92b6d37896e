import { useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { GENRES } from '../../../domain/catalog';
import { COUNTRIES } from '../../../domain/countries';
import { createArtist } from '../../api/artists';
import { createTrack } from '../../api/tracks';
import {
  EMPTY_SUBMISSION,
  STEP_LABELS,
  describeFailure,
  runSubmission,
  validateSubmission,
  type FieldErrors,
  type Progress,
  type SubmissionDeps,
  type SubmissionField,
  type SubmissionMemo,
  type SubmissionValues,
} from './submission';
import { uploadFile } from '../../api/uploads';
import { UploadProgressView } from '../../components/upload-progress';

/** Idempotency keys: random, and made when the button is pressed (submission.ts). */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Plain-http hosts have no randomUUID; getRandomValues is everywhere.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

const liveDeps: SubmissionDeps = {
  newKey,
  upload: async (file, _key, onProgress, purpose) =>
    (await uploadFile(file, { purpose, onProgress: (p) => onProgress(p.total > 0 ? p.sent / p.total : 0, p) })).url,
  createArtist,
  createTrack,
};

/** The order fields appear in, for focusing the first one with a problem. */
const FIELD_ORDER: SubmissionField[] = [
  'name', 'bio', 'countryCode', 'photo', 'instagram', 'spotify', 'youtube', 'soundcloud',
  'title', 'genre', 'bpm', 'songKey', 'audio',
];

type Status =
  | { kind: 'editing' }
  | { kind: 'sending'; progress: Progress | null }
  | { kind: 'sent'; name: string; title: string };

/** product.md 'Artist submission': the native form (artist + first track + files). */
export function SubmissionForm({ deps = liveDeps }: { deps?: SubmissionDeps }) {
  const [values, setValues] = useState<SubmissionValues>(EMPTY_SUBMISSION);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'editing' });
  const memo = useRef<SubmissionMemo>(new Map());
  const form = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const sending = status.kind === 'sending';

  const set = <K extends keyof SubmissionValues>(key: K, value: SubmissionValues[K]) => {
    setValues((prev) => ({ ...prev, [key]: value }));
    // A field's old message goes once it is edited; the others stay until the next press.
    if (key in errors) setErrors(({ [key as SubmissionField]: _gone, ...rest }) => rest);
  };
  const text = (key: 'name' | 'bio' | 'instagram' | 'spotify' | 'youtube' | 'soundcloud' | 'title' | 'bpm' | 'songKey' | 'countryCode' | 'genre') =>
    (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => set(key, e.target.value);
  const file = (key: 'photo' | 'audio') => (e: ChangeEvent<HTMLInputElement>) => set(key, e.target.files?.[0] ?? null);

  const focusFirst = (errs: FieldErrors) => {
    const first = FIELD_ORDER.find((f) => errs[f]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    setMessage(null);
    const found = validateSubmission(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    setStatus({ kind: 'sending', progress: null });
    try {
      await runSubmission(values, deps, memo.current, (progress) => setStatus({ kind: 'sending', progress }));
    } catch (err) {
      const failure = describeFailure(err, navigator.onLine);
      setErrors(failure.fields);
      setMessage(failure.message);
      setStatus({ kind: 'editing' });
      // Let React paint the messages, then take the listener to the first one.
      requestAnimationFrame(() => (failure.message ? alertRef.current?.focus() : focusFirst(failure.fields)));
      return;
    }
    memo.current = new Map();
    setStatus({ kind: 'sent', name: values.name.trim(), title: values.title.trim() });
    setValues(EMPTY_SUBMISSION);
    setErrors({});
    requestAnimationFrame(() => successRef.current?.focus());
  };

  if (status.kind === 'sent') {
    return (
      <div className="form-success" role="status" tabIndex={-1} ref={successRef} data-testid="submission-success">
        <h2>Thank you! Your music is pending review</h2>
        <p>
          We received “{status.title}” by {status.name}. Our team reviews every submission within 7-14 business days. Once approved, your
          profile and track appear in the Artist Directory.
        </p>
        <button type="button" className="secondary" onClick={() => setStatus({ kind: 'editing' })}>
          Send another submission
        </button>
      </div>
    );
  }

  const progress = status.kind === 'sending' ? status.progress : null;
  const overall = progress ? Math.round(((progress.index - 1 + progress.fraction) / progress.total) * 100) : 0;

  return (
    <form ref={form} className="submission-form" noValidate onSubmit={onSubmit} aria-busy={sending} aria-labelledby="submission-form-title">
      <h2 id="submission-form-title">Your details</h2>
      <fieldset>
        <legend className="visually-hidden">Artist</legend>
        <Field id="name" label="Artist name" error={errors.name}>
          <input id="sub-name" name="name" type="text" autoComplete="name" maxLength={120} required value={values.name} onChange={text('name')} {...invalid('name', errors)} />
        </Field>
        <Field id="bio" label="Bio" error={errors.bio} hint="A few sentences about you and your music.">
          <textarea id="sub-bio" name="bio" rows={4} maxLength={2000} required value={values.bio} onChange={text('bio')} {...invalid('bio', errors, true)} />
        </Field>
        <Field id="countryCode" label="Country" error={errors.countryCode}>
          <select id="sub-countryCode" name="countryCode" required value={values.countryCode} onChange={text('countryCode')} {...invalid('countryCode', errors)}>
            <option value="">Choose your country</option>
            {COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="photo" label="Photo (optional)" error={errors.photo} hint="JPEG, PNG, WebP, GIF or AVIF, up to 5 MB.">
          <input id="sub-photo" name="photo" type="file" accept="image/jpeg,image/png,image/webp,image/gif,image/avif" onChange={file('photo')} {...invalid('photo', errors, true)} />
        </Field>
      </fieldset>

      <fieldset>
        <legend>Where fans can find you (optional)</legend>
        <div className="field-pair">
          {(['instagram', 'spotify', 'youtube', 'soundcloud'] as const).map((k) => (
            <Field key={k} id={k} label={SOCIAL_FIELD_LABELS[k]} error={errors[k]}>
              <input id={`sub-${k}`} name={k} type="url" inputMode="url" placeholder="https://" value={values[k]} onChange={text(k)} {...invalid(k, errors)} />
            </Field>
          ))}
        </div>
      </fieldset>

      <h2>Your first track</h2>
      <fieldset>
        <legend className="visually-hidden">Track</legend>
        <Field id="title" label="Track title" error={errors.title}>
          <input id="sub-title" name="title" type="text" maxLength={160} required value={values.title} onChange={text('title')} {...invalid('title', errors)} />
        </Field>
        <Field id="genre" label="Genre" error={errors.genre}>
          <select id="sub-genre" name="genre" required value={values.genre} onChange={text('genre')} {...invalid('genre', errors)}>
            <option value="">Choose a genre</option>
            {GENRES.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </Field>
        <div className="field-pair">
          <Field id="bpm" label="BPM (optional)" error={errors.bpm}>
            <input id="sub-bpm" name="bpm" type="text" inputMode="numeric" pattern="[0-9]*" value={values.bpm} onChange={text('bpm')} {...invalid('bpm', errors)} />
          </Field>
          <Field id="songKey" label="Key (optional)" error={errors.songKey}>
            <input id="sub-songKey" name="songKey" type="text" maxLength={12} placeholder="e.g. A minor" value={values.songKey} onChange={text('songKey')} {...invalid('songKey', errors)} />
          </Field>
        </div>
        <label className="checkbox-field">
          <input name="explicit" type="checkbox" checked={values.explicit} onChange={(e) => set('explicit', e.target.checked)} />
          Explicit lyrics
        </label>
        <Field id="audio" label="Audio file" error={errors.audio} hint="At least 128kbps. MP3, WAV, OGG, M4A, FLAC or WebM, up to 20 MB.">
          <input id="sub-audio" name="audio" type="file" accept="audio/*,.mp3,.wav,.ogg,.m4a,.flac,.webm" required onChange={file('audio')} {...invalid('audio', errors, true)} />
        </Field>
      </fieldset>

      {message && (
        <div className="form-alert" role="alert" tabIndex={-1} ref={alertRef}>
          {message}
        </div>
      )}

      {sending && (
        <div className="submission-progress" role="status" aria-live="polite">
          <progress value={overall} max={100} aria-label="Submission progress" />
          <span>{progress ? `Step ${progress.index} of ${progress.total}: ${STEP_LABELS[progress.step]}…` : 'Starting…'}</span>
          {progress?.upload && <UploadProgressView progress={progress.upload} label={progress.step === 'photo' ? 'Photo' : 'Audio'} live={false} />}
        </div>
      )}

      <button type="submit" disabled={sending} aria-busy={sending}>
        {sending ? 'Submitting…' : 'Submit Music'}
      </button>
      <p className="muted">
        <small>By submitting you confirm the music is your own original work. Submissions are reviewed before anything is published.</small>
      </p>
    </form>
  );
}

const SOCIAL_FIELD_LABELS = { instagram: 'Instagram', spotify: 'Spotify', youtube: 'YouTube', soundcloud: 'SoundCloud' } as const;

/** aria-invalid and the link to the message; hints are linked too, where the field has one. */
function invalid(field: SubmissionField, errors: FieldErrors, hasHint = false) {
  const describedBy = [errors[field] ? `sub-${field}-error` : null, hasHint ? `sub-${field}-hint` : null].filter(Boolean).join(' ');
  return {
    'aria-invalid': errors[field] ? (true as const) : undefined,
    'aria-describedby': describedBy || undefined,
  };
}

function Field({ id, label, error, hint, children }: { id: SubmissionField; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className="field" data-field={id}>
      <label htmlFor={`sub-${id}`}>{label}</label>
      {children}
      {hint && (
        <small id={`sub-${id}-hint`} className="muted">
          {hint}
        </small>
      )}
      {error && (
        <small id={`sub-${id}-error`} className="field-error" data-testid={`error-${id}`}>
          {error}
        </small>
      )}
    </div>
  );
}
