import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { GENRES } from '../../../domain/catalog';
import { Field } from '../../components/form/field';
import { useFieldErrors } from '../../components/form/use-field-errors';
import { useDraft } from '../../components/form/use-draft';
import { createArtist } from './api';
import { createTrack } from '../tracks/api';
import {
  EMPTY_SUBMISSION,
  STEP_LABELS,
  describeFailure,
  runSubmission,
  validateSubmission,
  type Progress,
  type SubmissionDeps,
  type SubmissionField,
  type SubmissionMemo,
  type SubmissionValues,
} from './submission';
import { uploadFile } from '../../lib/uploads';
import { UploadProgressView } from '../../components/upload-progress';
import { CountryOptions, TextOptions } from '../../components/form/options';

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

/** docs/product.md 'Artist submission': the native form (artist + first track + files). */
export function SubmissionForm({ deps = liveDeps }: { deps?: SubmissionDeps }) {
  const [values, setValue, setValues] = useDraft<SubmissionValues>(EMPTY_SUBMISSION);
  const form = useFieldErrors({ fields: FIELD_ORDER });
  const [message, setMessage] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'editing' });
  const memo = useRef<SubmissionMemo>(new Map());
  const alertRef = useRef<HTMLDivElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const sending = status.kind === 'sending';

  const set = <K extends keyof SubmissionValues>(key: K, value: SubmissionValues[K]) => {
    setValue(key, value);
    // A field's old message goes once it is edited; the others stay until the next press.
    if (key !== 'explicit') form.setError(key as SubmissionField, undefined);
  };
  const text = (key: 'name' | 'bio' | 'instagram' | 'spotify' | 'youtube' | 'soundcloud' | 'title' | 'bpm' | 'songKey' | 'countryCode' | 'genre') =>
    (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => set(key, e.target.value);
  const file = (key: 'photo' | 'audio') => (e: ChangeEvent<HTMLInputElement>) => set(key, e.target.files?.[0] ?? null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    setMessage(null);
    const found = validateSubmission(values);
    form.showErrors(found);
    if (Object.keys(found).length > 0) return;
    setStatus({ kind: 'sending', progress: null });
    try {
      await runSubmission(values, deps, memo.current, (progress) => setStatus({ kind: 'sending', progress }));
    } catch (err) {
      const failure = describeFailure(err, navigator.onLine);
      // The kit takes the listener to the first field's message; a message no field owns is
      // focused once React has painted it.
      form.showErrors(failure.fields);
      setMessage(failure.message);
      setStatus({ kind: 'editing' });
      if (failure.message) requestAnimationFrame(() => alertRef.current?.focus());
      return;
    }
    memo.current = new Map();
    setStatus({ kind: 'sent', name: values.name.trim(), title: values.title.trim() });
    setValues(EMPTY_SUBMISSION);
    form.clear();
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
    <form className="submission-form" noValidate onSubmit={onSubmit} aria-busy={sending} aria-labelledby="submission-form-title">
      <h2 id="submission-form-title">Your details</h2>
      <fieldset>
        <legend className="visually-hidden">Artist</legend>
        <Field form={form} name="name" label="Artist name" className="field">
          {(control) => <input {...control} type="text" autoComplete="name" maxLength={120} required value={values.name} onChange={text('name')} />}
        </Field>
        <Field form={form} name="bio" label="Bio" className="field" hint="A few sentences about you and your music.">
          {(control) => <textarea {...control} rows={4} maxLength={2000} required value={values.bio} onChange={text('bio')} />}
        </Field>
        <Field form={form} name="countryCode" label="Country" className="field">
          {(control) => (
            <select {...control} required value={values.countryCode} onChange={text('countryCode')}>
              <option value="">Choose your country</option>
              <CountryOptions />
            </select>
          )}
        </Field>
        <Field form={form} name="photo" label="Photo (optional)" className="field" hint="JPEG, PNG, WebP, GIF or AVIF, up to 5 MB.">
          {(control) => <input {...control} type="file" accept="image/jpeg,image/png,image/webp,image/gif,image/avif" onChange={file('photo')} />}
        </Field>
      </fieldset>

      <fieldset>
        <legend>Where fans can find you (optional)</legend>
        <div className="field-pair">
          {(['instagram', 'spotify', 'youtube', 'soundcloud'] as const).map((k) => (
            <Field key={k} form={form} name={k} label={SOCIAL_FIELD_LABELS[k]} className="field">
              {(control) => <input {...control} type="url" inputMode="url" placeholder="https://" value={values[k]} onChange={text(k)} />}
            </Field>
          ))}
        </div>
      </fieldset>

      <h2>Your first track</h2>
      <fieldset>
        <legend className="visually-hidden">Track</legend>
        <Field form={form} name="title" label="Track title" className="field">
          {(control) => <input {...control} type="text" maxLength={160} required value={values.title} onChange={text('title')} />}
        </Field>
        <Field form={form} name="genre" label="Genre" className="field">
          {(control) => (
            <select {...control} required value={values.genre} onChange={text('genre')}>
              <option value="">Choose a genre</option>
              <TextOptions values={GENRES} />
            </select>
          )}
        </Field>
        <div className="field-pair">
          <Field form={form} name="bpm" label="BPM (optional)" className="field">
            {(control) => <input {...control} type="text" inputMode="numeric" pattern="[0-9]*" value={values.bpm} onChange={text('bpm')} />}
          </Field>
          <Field form={form} name="songKey" label="Key (optional)" className="field">
            {(control) => <input {...control} type="text" maxLength={12} placeholder="e.g. A minor" value={values.songKey} onChange={text('songKey')} />}
          </Field>
        </div>
        <label className="checkbox-field">
          <input name="explicit" type="checkbox" checked={values.explicit} onChange={(e) => set('explicit', e.target.checked)} />
          Explicit lyrics
        </label>
        <Field form={form} name="audio" label="Audio file" className="field" hint="At least 128kbps. MP3, WAV, OGG, M4A, FLAC or WebM, up to 20 MB.">
          {(control) => <input {...control} type="file" accept="audio/*,.mp3,.wav,.ogg,.m4a,.flac,.webm" required onChange={file('audio')} />}
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
