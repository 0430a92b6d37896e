import type { FormEvent } from 'react';
import { NewAdSchema, type Ad, type NewAd } from '../../../../domain/ads';
import { AD_SLOTS } from '../../../../domain/catalog';
import { COUNTRIES } from '../../../../domain/countries';
import { useToast } from '../../../components/toasts';
import { Field, FieldMessage, URL_INPUT } from '../../../components/form/field';
import { failureMessage } from '../../../components/form/failure';
import { AdminImageField } from '../../../components/form/admin-image-field';
import type { UploadProgress } from '../../../lib/uploads';
import { useFieldErrors } from '../../../components/form/use-field-errors';
import { useDraft } from '../../../components/form/use-draft';
import { AD_SLOT_LABELS, ALL_COUNTRY_CODES, EMPTY_AD_FORM, adFormValues, toggleIn, type AdFormValues } from './ad-display';
import { useCreateAd, useUpdateAd } from '../api';
import { useUploadImage } from './use-ad-mutations';
import { Flag } from '../../../components/flag';

/** The form's fields in the order they appear. */
const AD_FIELDS = ['imageUrl', 'targetUrl', 'alt', 'slots', 'countries'] as const;

export interface AdFormProps {
  /** The ad being edited; absent for a new ad. */
  editing: Ad | null;
  onDone: () => void;
}

/** Create or edit one ad of the inventory (docs/api.md POST/PATCH /api/ads), checked with NewAdSchema. */
export function AdForm({ editing, onDone }: AdFormProps) {
  const { toast } = useToast();
  const create = useCreateAd();
  const update = useUpdateAd();
  const upload = useUploadImage();
  const [values, set] = useDraft<AdFormValues>(() => (editing ? adFormValues(editing) : EMPTY_AD_FORM));
  const form = useFieldErrors({ fields: AD_FIELDS });
  const pending = create.isPending || update.isPending;
  const title = editing ? 'Edit Advertisement' : 'New Advertisement';

  // Through the upload module (resumable; pauses and resumes on a flaky line).
  const uploadImage = (file: File, onProgress: (p: UploadProgress) => void) => upload.mutateAsync({ file, onProgress }).then(({ url }) => url);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const ad: NewAd | null = form.check(NewAdSchema, values);
    if (!ad) return;
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
        form.showServer(err);
        toast({ title: 'Save Failed', description: failureMessage(err), variant: 'destructive' });
      },
    );
  };

  return (
    <form className="ad-form" onSubmit={onSubmit} noValidate aria-labelledby={form.uid('title')}>
      <h3 id={form.uid('title')}>{title}</h3>

      <AdminImageField
        form={form}
        draft={[values, set]}
        label="Image URL"
        noun="image"
        upload={uploadImage}
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        placeholder="https://…/banner.png"
        uploadLabel="Upload Image"
        uploadingLabel="Uploading..."
        uploadClassName="ad-upload"
        hint="JPEG, PNG, WebP, GIF or AVIF, 5 MB at most. Leaderboard 728x90, sidebar 300x250."
        onUploadError={(message) => toast({ title: 'Upload Failed', description: message, variant: 'destructive' })}
      />

      <Field form={form} name="targetUrl" label="Target URL">
        {(control) => (
          <input {...control} {...URL_INPUT} value={values.targetUrl} onChange={(e) => set('targetUrl', e.target.value)} placeholder="https://advertiser.example/offer" />
        )}
      </Field>

      <Field form={form} name="alt" label="Alt Text">
        {(control) => (
          <input {...control} type="text" value={values.alt} maxLength={200} onChange={(e) => set('alt', e.target.value)} placeholder="What the ad says, for screen readers" />
        )}
      </Field>

      <fieldset className="ad-checks" aria-describedby={form.control('slots')['aria-describedby']}>
        <legend>Slots</legend>
        {AD_SLOTS.map((slot, i) => (
          <label key={slot}>
            <input
              id={i === 0 ? form.id('slots') : undefined}
              type="checkbox"
              checked={values.slots.includes(slot)}
              onChange={(e) => set('slots', toggleIn(values.slots, slot, e.target.checked, AD_SLOTS))}
              aria-invalid={form.control('slots')['aria-invalid']}
            />
            {AD_SLOT_LABELS[slot]}
          </label>
        ))}
        <FieldMessage form={form} name="slots" />
      </fieldset>

      <fieldset className="ad-checks" aria-describedby={form.control('countries', form.hintId('countries'))['aria-describedby']}>
        <legend>Countries</legend>
        <small id={form.hintId('countries')} className="muted ad-checks-hint">
          None ticked: shown in every country.
        </small>
        {COUNTRIES.map((c, i) => (
          <label key={c.code}>
            <input
              id={i === 0 ? form.id('countries') : undefined}
              type="checkbox"
              checked={values.countries.includes(c.code)}
              onChange={(e) => set('countries', toggleIn(values.countries, c.code, e.target.checked, ALL_COUNTRY_CODES))}
              aria-invalid={form.control('countries')['aria-invalid']}
            />
            <Flag code={c.code} /> {c.name}
          </label>
        ))}
        <FieldMessage form={form} name="countries" />
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
