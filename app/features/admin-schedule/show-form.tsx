import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { WEEKDAYS } from '../../../domain/catalog';
import { fieldIssues } from '../../../domain/http-error';
import { NewShowSchema, type Show } from '../../../domain/shows';
import { useToast } from '../../components/toasts';
import { ApiError, issuesByField } from '../../lib/api-client';
import { SHOW_FIELDS, emptyShowDraft, runsPastMidnight, showDraft, toggleDay, type ShowDraft } from './show-fields';
import { useSaveShow } from '../../api/shows';

type Errors = Partial<Record<(typeof SHOW_FIELDS)[number], string>>;

/** 'days.2' and 'days' both belong beside the day checkboxes. */
function byField(issues: Record<string, string>): Errors {
  const out: Errors = {};
  for (const [path, message] of Object.entries(issues)) {
    const field = SHOW_FIELDS.find((f) => path === f || path.startsWith(`${f}.`));
    if (field && !out[field]) out[field] = message;
  }
  return out;
}

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
  const [draft, setDraft] = useState<ShowDraft>(() => (show ? showDraft(show) : emptyShowDraft()));
  const [errors, setErrors] = useState<Errors>({});
  const id = useId();
  const fid = (name: string) => `${id}-${name}`;
  const set = <K extends keyof ShowDraft>(name: K, value: ShowDraft[K]) => setDraft((d) => ({ ...d, [name]: value }));

  const showErrors = (next: Errors) => {
    setErrors(next);
    const first = SHOW_FIELDS.find((f) => next[f]);
    if (first) document.getElementById(first === 'days' ? fid('day-Sunday') : fid(first))?.focus();
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    const parsed = v.safeParse(NewShowSchema, draft);
    if (!parsed.success) {
      showErrors(byField(Object.fromEntries(fieldIssues(parsed.issues).map((i) => [i.path, i.message]))));
      return;
    }
    setErrors({});
    save.mutate(
      { id: show?.id ?? null, show: parsed.output },
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
          showErrors(byField(issuesByField(err)));
          toast({ title: 'Save Failed', description: err instanceof ApiError || err instanceof Error ? err.message : String(err), variant: 'destructive' });
        },
      },
    );
  };

  const describedBy = (name: string, hint?: string) => [errors[name as keyof Errors] ? fid(`${name}-error`) : null, hint].filter(Boolean).join(' ') || undefined;
  const fieldError = (name: keyof Errors) =>
    errors[name] ? (
      <small id={fid(`${name}-error`)} className="field-error">
        {errors[name]}
      </small>
    ) : null;

  const heading = show ? `Edit Show: ${show.title}` : 'Add Show';
  return (
    <form className="sched-form" onSubmit={onSubmit} noValidate aria-labelledby={fid('heading')}>
      <h2 id={fid('heading')}>{heading}</h2>

      <div className="sched-field">
        <label htmlFor={fid('title')}>Title</label>
        <input
          id={fid('title')}
          value={draft.title}
          onChange={(e) => set('title', e.target.value)}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={describedBy('title')}
          autoComplete="off"
        />
        {fieldError('title')}
      </div>

      <div className="sched-field">
        <label htmlFor={fid('description')}>Description (optional)</label>
        <textarea
          id={fid('description')}
          rows={2}
          value={draft.description}
          onChange={(e) => set('description', e.target.value)}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy('description')}
        />
        {fieldError('description')}
      </div>

      <p className="muted sched-zone" id={fid('zone')}>
        Times are station time, <strong>{zone}</strong>. Listeners see them in their own time zone.
      </p>
      <div className="sched-times">
        <div className="sched-field">
          <label htmlFor={fid('startTime')}>Start time ({zone})</label>
          <input
            id={fid('startTime')}
            type="time"
            step={60}
            value={draft.startTime}
            onChange={(e) => set('startTime', e.target.value)}
            aria-invalid={errors.startTime ? true : undefined}
            aria-describedby={describedBy('startTime', fid('zone'))}
          />
          {fieldError('startTime')}
        </div>
        <div className="sched-field">
          <label htmlFor={fid('endTime')}>End time ({zone})</label>
          <input
            id={fid('endTime')}
            type="time"
            step={60}
            value={draft.endTime}
            onChange={(e) => set('endTime', e.target.value)}
            aria-invalid={errors.endTime ? true : undefined}
            aria-describedby={describedBy('endTime', fid('zone'))}
          />
          {fieldError('endTime')}
        </div>
      </div>
      {runsPastMidnight(draft) && <p className="muted sched-overnight">Ends after midnight, the next day.</p>}

      <fieldset className="sched-days" aria-invalid={errors.days ? true : undefined} aria-describedby={describedBy('days')}>
        <legend>Days</legend>
        {WEEKDAYS.map((day) => (
          <label key={day} htmlFor={fid(`day-${day}`)}>
            <input
              id={fid(`day-${day}`)}
              type="checkbox"
              checked={draft.days.includes(day)}
              onChange={(e) => set('days', toggleDay(draft.days, day, e.target.checked))}
            />
            {day}
          </label>
        ))}
      </fieldset>
      {fieldError('days')}

      <div className="sched-form-actions">
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
