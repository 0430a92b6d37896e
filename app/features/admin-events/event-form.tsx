import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { NewEventSchema, type Event } from '../../../domain/events';
import { fieldIssues } from '../../../domain/http-error';
import { useToast } from '../../components/toasts';
import { issuesByField } from '../../lib/api-client';
import { useLowData } from '../../lib/low-data';
import { EVENT_FIELDS, emptyEventDraft, errorsByField, eventDraft, eventInput, type EventDraft, type EventField } from './event-fields';
import type { UploadProgress } from '../../api/uploads';
import { UploadProgressView } from '../../components/upload-progress';
import { pickAdminImage } from '../../lib/admin-upload';
import { useSaveEvent } from '../../api/events';

type Errors = Partial<Record<EventField, string>>;

interface EventFormProps {
  event?: Event;
  /** The station's IANA zone: the start typed here is in it. */
  zone: string;
  onDone: () => void;
}

/** Add or edit one event, checked with NewEventSchema before it is sent. */
export function EventForm({ event, zone, onDone }: EventFormProps) {
  const { toast } = useToast();
  const save = useSaveEvent();
  const [lowData] = useLowData();
  const [draft, setDraft] = useState<EventDraft>(() => (event ? eventDraft(event, zone) : emptyEventDraft()));
  const [errors, setErrors] = useState<Errors>({});
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const id = useId();
  const fid = (name: string) => `${id}-${name}`;
  const set = <K extends keyof EventDraft>(name: K, value: EventDraft[K]) => setDraft((d) => ({ ...d, [name]: value }));

  const showErrors = (next: Errors) => {
    setErrors(next);
    const first = EVENT_FIELDS.find((f) => next[f]);
    if (first) document.getElementById(fid(first))?.focus();
  };

  const onPickImage = pickAdminImage({
    onStart: () => setUploading(true),
    onDone: () => {
      setUploading(false);
      setProgress(null);
    },
    onProgress: setProgress,
    onUploaded: (url) => {
      set('imageUrl', url);
      setErrors(({ imageUrl: _gone, ...rest }) => rest);
    },
    onProblem: (message) => setErrors((prev) => ({ ...prev, imageUrl: message })),
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending || uploading) return;
    const parsed = v.safeParse(NewEventSchema, eventInput(draft, zone));
    if (!parsed.success) {
      showErrors(errorsByField(Object.fromEntries(fieldIssues(parsed.issues).map((i) => [i.path, i.message]))));
      return;
    }
    setErrors({});
    save.mutate(
      { id: event?.id ?? null, event: parsed.output },
      {
        onSuccess: (saved) => {
          toast(
            event
              ? { title: 'Event Updated', description: `Changes to "${saved.title}" are saved.` }
              : { title: 'Event Added', description: `"${saved.title}" is on the events list.` },
          );
          onDone();
        },
        onError: (err) => {
          showErrors(errorsByField(issuesByField(err)));
          toast({ title: 'Save Failed', description: err.message, variant: 'destructive' });
        },
      },
    );
  };

  const describedBy = (name: EventField, hint?: string) => [errors[name] ? fid(`${name}-error`) : null, hint].filter(Boolean).join(' ') || undefined;
  const invalid = (name: EventField) => (errors[name] ? true : undefined);
  const fieldError = (name: EventField) =>
    errors[name] ? (
      <small id={fid(`${name}-error`)} className="field-error">
        {errors[name]}
      </small>
    ) : null;

  return (
    <form className="evadmin-form" onSubmit={onSubmit} noValidate aria-labelledby={fid('heading')}>
      <h2 id={fid('heading')}>{event ? `Edit Event: ${event.title}` : 'Add Event'}</h2>

      <div className="evadmin-field">
        <label htmlFor={fid('title')}>Title</label>
        <input id={fid('title')} value={draft.title} onChange={(e) => set('title', e.target.value)} aria-invalid={invalid('title')} aria-describedby={describedBy('title')} autoComplete="off" />
        {fieldError('title')}
      </div>

      <div className="evadmin-field">
        <label htmlFor={fid('startLocal')}>Starts ({zone})</label>
        <input
          id={fid('startLocal')}
          type="datetime-local"
          step={60}
          value={draft.startLocal}
          onChange={(e) => set('startLocal', e.target.value)}
          aria-invalid={invalid('startLocal')}
          aria-describedby={describedBy('startLocal', fid('zone-hint'))}
        />
        <small id={fid('zone-hint')} className="muted">
          Station time, {zone}. Visitors see it in their own time zone.
        </small>
        {fieldError('startLocal')}
      </div>

      <div className="evadmin-field">
        <label htmlFor={fid('locationText')}>Location (optional)</label>
        <input id={fid('locationText')} value={draft.locationText} onChange={(e) => set('locationText', e.target.value)} aria-invalid={invalid('locationText')} aria-describedby={describedBy('locationText')} />
        {fieldError('locationText')}
      </div>

      <div className="evadmin-two">
        <div className="evadmin-field">
          <label htmlFor={fid('priceFrom')}>Price from, $ (optional)</label>
          <input
            id={fid('priceFrom')}
            type="text"
            inputMode="decimal"
            value={draft.priceFrom}
            onChange={(e) => set('priceFrom', e.target.value)}
            aria-invalid={invalid('priceFrom')}
            aria-describedby={describedBy('priceFrom', fid('price-hint'))}
          />
          <small id={fid('price-hint')} className="muted">
            0 shows as Free.
          </small>
          {fieldError('priceFrom')}
        </div>
        <div className="evadmin-field">
          <label htmlFor={fid('ticketUrl')}>Ticket URL (optional)</label>
          <input
            id={fid('ticketUrl')}
            type="url"
            inputMode="url"
            autoCapitalize="off"
            spellCheck={false}
            value={draft.ticketUrl}
            onChange={(e) => set('ticketUrl', e.target.value)}
            aria-invalid={invalid('ticketUrl')}
            aria-describedby={describedBy('ticketUrl')}
          />
          {fieldError('ticketUrl')}
        </div>
      </div>

      <div className="evadmin-field">
        <label htmlFor={fid('imageUrl')}>Image URL (optional)</label>
        <input
          id={fid('imageUrl')}
          type="url"
          inputMode="url"
          autoCapitalize="off"
          spellCheck={false}
          value={draft.imageUrl}
          onChange={(e) => set('imageUrl', e.target.value)}
          aria-invalid={invalid('imageUrl')}
          aria-describedby={describedBy('imageUrl')}
        />
        {fieldError('imageUrl')}
        <label htmlFor={fid('image-file')} className="evadmin-upload">
          {uploading ? 'Uploading image...' : 'Or upload an image (up to 5 MB)'}
        </label>
        <input id={fid('image-file')} type="file" accept="image/*" onChange={(e) => void onPickImage(e)} disabled={uploading} aria-busy={uploading} />
        {uploading && progress && <UploadProgressView progress={progress} label="Image" />}
        {draft.imageUrl && !lowData && !errors.imageUrl && (
          <img className="evadmin-preview" src={draft.imageUrl} alt="Image preview" width={320} height={180} loading="lazy" />
        )}
      </div>

      <label htmlFor={fid('isPublic')} className="evadmin-switch">
        <input id={fid('isPublic')} type="checkbox" role="switch" checked={draft.isPublic} onChange={(e) => set('isPublic', e.target.checked)} aria-describedby={fid('public-hint')} />
        Public event
      </label>
      <small id={fid('public-hint')} className="muted evadmin-hint">
        Private events stay off the public events page.
      </small>

      <div className="evadmin-form-actions">
        <button type="button" className="secondary outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </button>
        <button type="submit" disabled={save.isPending || uploading} aria-busy={save.isPending}>
          {save.isPending ? 'Saving...' : event ? 'Save Event' : 'Add Event'}
        </button>
      </div>
    </form>
  );
}
