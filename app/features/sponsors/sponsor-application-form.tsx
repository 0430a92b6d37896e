import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import * as v from 'valibot';
import { BUDGET_OPTIONS, SPONSOR_TIERS, type SponsorTier } from '../../../domain/catalog';
import { fieldIssues } from '../../../domain/http-error';
import { SponsorApplicationFormSchema, sponsorApplicationPayload } from '../../../domain/sponsors';
import { useToast } from '../../components/toasts';
import { ApiError } from '../../lib/api-client';
import { newIdempotencyKey } from '../../lib/offline/outbox';
import { applicationFieldErrors, TIER_OFFERS, type ApplicationField } from './sponsor-tiers';
import { APPLICATION_SUBMITTED, useSubmitSponsorApplication } from '../../api/sponsors';

type FormValues = Record<Exclude<ApplicationField, 'tier'>, string>;
type FieldErrors = Partial<Record<ApplicationField, string>>;

const EMPTY: FormValues = { companyName: '', email: '', website: '', budget: '', goals: '', message: '' };
const FIELD_ORDER: ApplicationField[] = ['companyName', 'email', 'website', 'tier', 'budget', 'goals', 'message'];
const TIER_LABELS = Object.fromEntries(TIER_OFFERS.map((t) => [t.tier, `${t.name} (${t.price})`])) as Record<SponsorTier, string>;

interface Props {
  /** Lifted to the page so its tier cards can preselect it. */
  tier: SponsorTier;
  onTierChange: (tier: SponsorTier) => void;
}

export function SponsorApplicationForm({ tier, onTierChange }: Props) {
  const { toast } = useToast();
  const submit = useSubmitSponsorApplication();
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const fieldId = (f: ApplicationField) => `${id}-${f}`;

  const set = (field: Exclude<ApplicationField, 'tier'>) => (value: string) => {
    setValues((old) => ({ ...old, [field]: value }));
    // A message beside a field the visitor is fixing would only nag.
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  function showErrors(next: FieldErrors) {
    setErrors(next);
    const first = FIELD_ORDER.find((f) => next[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(first))}`)?.focus();
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (submit.isPending) return;
    const parsed = v.safeParse(SponsorApplicationFormSchema, { ...values, tier });
    if (!parsed.success) {
      showErrors(Object.fromEntries(fieldIssues(parsed.issues).map((i) => [i.path, i.message])));
      return;
    }
    setErrors({});
    submit.mutate(
      { payload: sponsorApplicationPayload(parsed.output), idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: () => {
          toast(APPLICATION_SUBMITTED);
          setValues(EMPTY);
          onTierChange('supporting');
        },
        onError: (err) => {
          toast({ title: 'Submission Failed', description: err.message, variant: 'destructive' });
          if (err instanceof ApiError) showErrors(applicationFieldErrors(err.issues));
        },
      },
    );
  }

  const field = (f: ApplicationField, label: string, control: ReactNode) => (
    <div className="form-field">
      <label htmlFor={fieldId(f)}>{label}</label>
      {control}
      {errors[f] && (
        <small id={`${fieldId(f)}-error`} className="field-error">
          {errors[f]}
        </small>
      )}
    </div>
  );
  const a11y = (f: ApplicationField) => ({
    id: fieldId(f),
    name: f,
    'aria-invalid': errors[f] ? true : undefined,
    'aria-describedby': errors[f] ? `${fieldId(f)}-error` : undefined,
  });

  return (
    <form ref={formRef} id="partnership-application" className="sponsor-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Partnership Application</h2>
      <div className="form-row">
        {field(
          'companyName',
          'Company name',
          <input {...a11y('companyName')} type="text" autoComplete="organization" maxLength={160} value={values.companyName} onChange={(e) => set('companyName')(e.target.value)} />,
        )}
        {field(
          'email',
          'Contact email',
          <input {...a11y('email')} type="email" autoComplete="email" inputMode="email" maxLength={254} value={values.email} onChange={(e) => set('email')(e.target.value)} />,
        )}
      </div>
      {field(
        'website',
        'Website (optional)',
        <input {...a11y('website')} type="url" autoComplete="url" inputMode="url" placeholder="https://" maxLength={2000} value={values.website} onChange={(e) => set('website')(e.target.value)} />,
      )}
      <div className="form-row">
        {field(
          'tier',
          'Sponsorship tier',
          <select
            {...a11y('tier')}
            value={tier}
            onChange={(e) => {
              onTierChange(e.target.value as SponsorTier);
              setErrors(({ tier: _fixed, ...rest }) => rest);
            }}
          >
            {SPONSOR_TIERS.map((t) => (
              <option key={t} value={t}>
                {TIER_LABELS[t]}
              </option>
            ))}
          </select>,
        )}
        {field(
          'budget',
          'Budget range',
          <select {...a11y('budget')} value={values.budget} onChange={(e) => set('budget')(e.target.value)}>
            <option value="">Select a budget range</option>
            {BUDGET_OPTIONS.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </select>,
        )}
      </div>
      {field(
        'goals',
        'Partnership goals',
        <textarea
          {...a11y('goals')}
          rows={4}
          maxLength={2000}
          placeholder="What would you like to achieve with this partnership? (at least 20 characters)"
          value={values.goals}
          onChange={(e) => set('goals')(e.target.value)}
        />,
      )}
      {field(
        'message',
        'Additional message (optional)',
        <textarea {...a11y('message')} rows={3} maxLength={2000} value={values.message} onChange={(e) => set('message')(e.target.value)} />,
      )}
      <button type="submit" disabled={submit.isPending} aria-busy={submit.isPending && !submit.isPaused}>
        {submit.isPaused ? 'Waiting for connection...' : submit.isPending ? 'Submitting Application...' : 'Submit Partnership Application'}
      </button>
      {submit.isPaused && (
        <p className="sponsor-queued" role="status">
          You are offline. Your application is saved and will be sent when the connection returns.
        </p>
      )}
      <p className="muted sponsor-footnote">
        <small>Our team will review your application and contact you within 2-3 business days.</small>
      </p>
    </form>
  );
}
