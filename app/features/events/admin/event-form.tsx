import { useState, type FormEvent } from 'react';
import { NewEventSchema, type Event } from '../../../../domain/events';
import { useToast } from '../../../components/toasts';
import { Field, URL_INPUT } from '../../../components/form/field';
import { AdminImageField } from '../../../components/form/admin-image-field';
import { useFieldErrors } from '../../../components/form/use-field-errors';
import { useDraft } from '../../../components/form/use-draft';
import { EVENT_FIELDS, emptyEventDraft, eventDraft, eventFieldOf, eventInput, type EventDraft } from './event-fields';
import { useSaveEvent } from '../api';

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
  const [draft, set] = useDraft<EventDraft>(() => (event ? eventDraft(event, zone) : emptyEventDraft()));
  const [uploading, setUploading] = useState(false);
  const form = useFieldErrors({ fields: EVENT_FIELDS, fieldOf: eventFieldOf });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending || uploading) return;
    const checked = form.check(NewEventSchema, eventInput(draft, zone));
    if (!checked) return;
    save.mutate(
      { id: event?.id ?? null, event: checked },
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
          form.showServer(err);
          toast({ title: 'Save Failed', description: err.message, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <form className="evadmin-form" onSubmit={onSubmit} noValidate aria-labelledby={form.uid('heading')}>
      <h2 id={form.uid('heading')}>{event ? `Edit Event: ${event.title}` : 'Add Event'}</h2>

      <Field form={form} name="title" label="Title" className="evadmin-field">
        {(control) => <input {...control} value={draft.title} onChange={(e) => set('title', e.target.value)} autoComplete="off" />}
      </Field>

      <Field form={form} name="startLocal" label={`Starts (${zone})`} hint={`Station time, ${zone}. Visitors see it in their own time zone.`} className="evadmin-field">
        {(control) => <input {...control} type="datetime-local" step={60} value={draft.startLocal} onChange={(e) => set('startLocal', e.target.value)} />}
      </Field>

      <Field form={form} name="locationText" label="Location (optional)" className="evadmin-field">
        {(control) => <input {...control} value={draft.locationText} onChange={(e) => set('locationText', e.target.value)} />}
      </Field>

      <div className="evadmin-two">
        <Field form={form} name="priceFrom" label="Price from, $ (optional)" hint="0 shows as Free." className="evadmin-field">
          {(control) => <input {...control} type="text" inputMode="decimal" value={draft.priceFrom} onChange={(e) => set('priceFrom', e.target.value)} />}
        </Field>
        <Field form={form} name="ticketUrl" label="Ticket URL (optional)" className="evadmin-field">
          {(control) => <input {...control} {...URL_INPUT} value={draft.ticketUrl} onChange={(e) => set('ticketUrl', e.target.value)} />}
        </Field>
      </div>

      <AdminImageField form={form} draft={[draft, set]} label="Image URL (optional)" noun="image" className="evadmin-field" uploadClassName="evadmin-upload" previewClassName="evadmin-preview" onBusyChange={setUploading} />

      <label htmlFor={form.id('isPublic')} className="evadmin-switch">
        <input id={form.id('isPublic')} type="checkbox" role="switch" checked={draft.isPublic} onChange={(e) => set('isPublic', e.target.checked)} aria-describedby={form.uid('public-hint')} />
        Public event
      </label>
      <small id={form.uid('public-hint')} className="muted evadmin-hint">
        Private events stay off the public events page.
      </small>

      <div className="sticky-form-actions">
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
