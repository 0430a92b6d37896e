import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import * as v from 'valibot';
import { NewAdSchema, type Ad, type NewAd } from '../../../domain/ads';
import { AD_SLOTS } from '../../../domain/catalog';
import { COUNTRIES } from '../../../domain/countries';
import { fieldIssues } from '../../../domain/http-error';
import type { UploadProgress } from '../../api/uploads';
import { useToast } from '../../components/toasts';
import { UploadProgressView } from '../../components/upload-progress';
import { issuesByField } from '../../lib/api-client';
import { AD_SLOT_LABELS, ALL_COUNTRY_CODES, EMPTY_AD_FORM, adFormValues, toggleIn, type AdFormValues } from './ad-display';
import { useCreateAd, useUpdateAd } from '../../api/ads';
import { useUploadImage } from './use-ad-mutations';
import { Flag } from '../../components/flag';

type FieldErrors = Partial<Record<keyof AdFormValues, string>>;

const errorMessage = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong');

/** Issue paths like 'slots.2' belong to the 'slots' field. */
function errorsByField(issues: { path: string; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const { path, message } of issues) {
    const field = path.split('.')[0] as keyof AdFormValues;
    out[field] ??= message;
  }
  return out;
}

export interface AdFormProps {
  /** The ad being edited; absent for a new ad. */
  editing: Ad | null;
  onDone: () => void;
}

/** Create or edit one ad of the inventory (api.md POST/PATCH /api/ads), checked with NewAdSchema. */
export function AdForm({ editing, onDone }: AdFormProps) {
  const { toast } = useToast();
  const create = useCreateAd();
  const update = useUpdateAd();
  const upload = useUploadImage();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [values, setValues] = useState<AdFormValues>(() => (editing ? adFormValues(editing) : EMPTY_AD_FORM));
  const [errors, setErrors] = useState<FieldErrors>({});
  const id = useId();
  const pending = create.isPending || update.isPending;
  const title = editing ? 'Edit Advertisement' : 'New Advertisement';

  const set = <K extends keyof AdFormValues>(name: K, value: AdFormValues[K]) => setValues((prev) => ({ ...prev, [name]: value }));
  const describe = (field: keyof AdFormValues) => (errors[field] ? `${id}-${field}-error` : undefined);
  const invalid = (field: keyof AdFormValues) => (errors[field] ? true : undefined);

  const onUpload = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    upload.mutateAsync({ file, onProgress: setProgress }).then(
      ({ url }) => {
        setProgress(null);
        set('imageUrl', url);
        setErrors((prev) => ({ ...prev, imageUrl: undefined }));
      },
      (err: unknown) => {
        setProgress(null);
        setErrors((prev) => ({ ...prev, imageUrl: errorMessage(err) }));
        toast({ title: 'Upload Failed', description: errorMessage(err), variant: 'destructive' });
      },
    );
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const parsed = v.safeParse(NewAdSchema, values);
    if (!parsed.success) {
      const next = errorsByField(fieldIssues(parsed.issues));
      setErrors(next);
      const first = (['imageUrl', 'targetUrl', 'alt', 'slots', 'countries'] as const).find((f) => next[f]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    const ad: NewAd = parsed.output;
    // mutateAsync, not mutate's callbacks: the outcome is told even if a 401 has locked the page.
    const saving = editing ? update.mutateAsync({ id: editing.id, patch: ad }) : create.mutateAsync(ad);
    saving.then(
      () => {
        toast(
          editing
            ? { title: 'Ad Updated', description: 'The advertisement has been saved.' }
            : { title: 'Ad Created', description: 'The advertisement has been added to the inventory.' },
        );
        onDone();
      },
      (err: unknown) => {
        // What the admin typed stays; the server's field messages show beside the fields.
        setErrors(errorsByField(Object.entries(issuesByField(err)).map(([path, message]) => ({ path, message }))));
        toast({ title: 'Save Failed', description: errorMessage(err), variant: 'destructive' });
      },
    );
  };

  return (
    <form className="ad-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{title}</h3>

      <label htmlFor={`${id}-imageUrl`}>Image URL</label>
      <input
        id={`${id}-imageUrl`}
        type="text"
        inputMode="url"
        autoCapitalize="off"
        spellCheck={false}
        value={values.imageUrl}
        onChange={(e) => set('imageUrl', e.target.value)}
        placeholder="https://…/banner.png"
        aria-invalid={invalid('imageUrl')}
        aria-describedby={describe('imageUrl')}
      />
      {errors.imageUrl && (
        <small id={`${id}-imageUrl-error`} className="field-error">
          {errors.imageUrl}
        </small>
      )}
      <label htmlFor={`${id}-upload`} className="ad-upload">
        {upload.isPending ? 'Uploading...' : 'Upload Image'}
        <input id={`${id}-upload`} type="file" accept="image/jpeg,image/png,image/webp,image/gif,image/avif" onChange={onUpload} disabled={upload.isPending} />
      </label>
      {upload.isPending && progress && <UploadProgressView progress={progress} label="Image" />}
      <small className="muted">JPEG, PNG, WebP, GIF or AVIF, 5 MB at most. Leaderboard 728x90, sidebar 300x250.</small>

      <label htmlFor={`${id}-targetUrl`}>Target URL</label>
      <input
        id={`${id}-targetUrl`}
        type="text"
        inputMode="url"
        autoCapitalize="off"
        spellCheck={false}
        value={values.targetUrl}
        onChange={(e) => set('targetUrl', e.target.value)}
        placeholder="https://advertiser.example/offer"
        aria-invalid={invalid('targetUrl')}
        aria-describedby={describe('targetUrl')}
      />
      {errors.targetUrl && (
        <small id={`${id}-targetUrl-error`} className="field-error">
          {errors.targetUrl}
        </small>
      )}

      <label htmlFor={`${id}-alt`}>Alt Text</label>
      <input
        id={`${id}-alt`}
        type="text"
        value={values.alt}
        maxLength={200}
        onChange={(e) => set('alt', e.target.value)}
        placeholder="What the ad says, for screen readers"
        aria-invalid={invalid('alt')}
        aria-describedby={describe('alt')}
      />
      {errors.alt && (
        <small id={`${id}-alt-error`} className="field-error">
          {errors.alt}
        </small>
      )}

      <fieldset className="ad-checks" aria-describedby={describe('slots')}>
        <legend>Slots</legend>
        {AD_SLOTS.map((slot, i) => (
          <label key={slot}>
            <input
              id={i === 0 ? `${id}-slots` : undefined}
              type="checkbox"
              checked={values.slots.includes(slot)}
              onChange={(e) => set('slots', toggleIn(values.slots, slot, e.target.checked, AD_SLOTS))}
              aria-invalid={invalid('slots')}
            />
            {AD_SLOT_LABELS[slot]}
          </label>
        ))}
        {errors.slots && (
          <small id={`${id}-slots-error`} className="field-error">
            {errors.slots}
          </small>
        )}
      </fieldset>

      <fieldset className="ad-checks" aria-describedby={[describe('countries'), `${id}-countries-hint`].filter(Boolean).join(' ')}>
        <legend>Countries</legend>
        <small id={`${id}-countries-hint`} className="muted ad-checks-hint">
          None ticked: shown in every country.
        </small>
        {COUNTRIES.map((c, i) => (
          <label key={c.code}>
            <input
              id={i === 0 ? `${id}-countries` : undefined}
              type="checkbox"
              checked={values.countries.includes(c.code)}
              onChange={(e) => set('countries', toggleIn(values.countries, c.code, e.target.checked, ALL_COUNTRY_CODES))}
              aria-invalid={invalid('countries')}
            />
            <Flag code={c.code} /> {c.name}
          </label>
        ))}
        {errors.countries && (
          <small id={`${id}-countries-error`} className="field-error">
            {errors.countries}
          </small>
        )}
      </fieldset>

      <label className="ad-active">
        <input type="checkbox" role="switch" checked={values.active} onChange={(e) => set('active', e.target.checked)} />
        Active
      </label>

      <div className="ad-form-actions">
        <button type="submit" disabled={pending || upload.isPending} aria-busy={pending}>
          {pending ? 'Saving...' : editing ? 'Save Ad' : 'Create Ad'}
        </button>
        <button type="button" className="secondary outline" onClick={onDone} disabled={pending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
