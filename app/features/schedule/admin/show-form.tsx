import type { FormEvent } from 'react';
import { WEEKDAYS } from '../../../../domain/catalog';
import { NewShowSchema, type Show } from '../../../../domain/shows';
import { useToast } from '../../../components/toasts';
import { Field, FieldMessage } from '../../../components/form/field';
import { failureMessage } from '../../../components/form/failure';
import { useFieldErrors } from '../../../components/form/use-field-errors';
import { useDraft } from '../../../components/form/use-draft';
import { SHOW_FIELDS, emptyShowDraft, runsPastMidnight, showDraft, toggleDay, type ShowDraft } from './show-fields';
import { useSaveShow } from '../api';

interface ShowFormProps {
  show?: Show;
  /** The station's IANA zone: the times typed here are in it. */
  zone: string;
  onDone: () => void;
}

/** Add or edit one weekly show, checked with NewShowSchema before it is sent. */
export function ShowForm({ show, zone, onDone }: ShowFormProps) {
  const { toast } = useToast();
  const save = useSaveShow();
  const [draft, set] = useDraft<ShowDraft>(() => (show ? showDraft(show) : emptyShowDraft()));
  // 'days.2' and 'days' both belong beside the day checkboxes; the first box takes the focus.
  const form = useFieldErrors({ fields: SHOW_FIELDS, focusId: (f, uid) => (f === 'days' ? uid('day-Sunday') : uid(f)) });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    const checked = form.check(NewShowSchema, draft);
    if (!checked) return;
    save.mutate(
      { id: show?.id ?? null, show: checked },
      {
        onSuccess: (saved) => {
          toast(
            show
              ? { title: 'Show Updated', description: `Changes to "${saved.title}" are saved.` }
              : { title: 'Show Added', description: `"${saved.title}" is on the schedule.` },
          );
          onDone();
        },
        onError: (err) => {
          // What the admin typed stays; the server's field messages show beside the fields.
          form.showServer(err);
          toast({ title: 'Save Failed', description: failureMessage(err), variant: 'destructive' });
        },
      },
    );
  };

  const heading = show ? `Edit Show: ${show.title}` : 'Add Show';
  return (
    <form className="sched-form" onSubmit={onSubmit} noValidate aria-labelledby={form.uid('heading')}>
      <h2 id={form.uid('heading')}>{heading}</h2>

      <Field form={form} name="title" label="Title" className="sched-field">
        {(control) => <input {...control} value={draft.title} onChange={(e) => set('title', e.target.value)} autoComplete="off" />}
      </Field>

      <Field form={form} name="description" label="Description (optional)" className="sched-field">
        {(control) => <textarea {...control} rows={2} value={draft.description} onChange={(e) => set('description', e.target.value)} />}
      </Field>

      <p className="muted sched-zone" id={form.uid('zone')}>
        Times are station time, <strong>{zone}</strong>. Listeners see them in their own time zone.
      </p>
      <div className="sched-times">
        {(['startTime', 'endTime'] as const).map((name) => (
          <Field key={name} form={form} name={name} label={`${name === 'startTime' ? 'Start' : 'End'} time (${zone})`} describedBy={form.uid('zone')} className="sched-field">
            {(control) => <input {...control} type="time" step={60} value={draft[name]} onChange={(e) => set(name, e.target.value)} />}
          </Field>
        ))}
      </div>
      {runsPastMidnight(draft) && <p className="muted sched-overnight">Ends after midnight, the next day.</p>}

      <fieldset className="sched-days" aria-invalid={form.control('days')['aria-invalid']} aria-describedby={form.control('days')['aria-describedby']}>
        <legend>Days</legend>
        {WEEKDAYS.map((day) => (
          <label key={day} htmlFor={form.uid(`day-${day}`)}>
            <input
              id={form.uid(`day-${day}`)}
              type="checkbox"
              checked={draft.days.includes(day)}
              onChange={(e) => set('days', toggleDay(draft.days, day, e.target.checked))}
            />
            {day}
          </label>
        ))}
      </fieldset>
      <FieldMessage form={form} name="days" />

      <label className="sched-record" htmlFor={form.uid('record')}>
        <input id={form.uid('record')} type="checkbox" role="switch" checked={draft.record} onChange={(e) => set('record', e.target.checked)} aria-describedby={form.uid('record-help')} />
        Record this show
      </label>
      <small id={form.uid('record-help')} className="muted sched-record-hint">
        While it airs, the station's stream is recorded into a draft episode, published from Episodes.
      </small>

      <div className="sticky-form-actions">
        <button type="button" className="secondary outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </button>
        <button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? 'Saving...' : show ? 'Save Show' : 'Add Show'}
        </button>
      </div>
    </form>
  );
}
