import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { BUDGET_OPTIONS, SPONSOR_TIERS, type SponsorTier } from '../../../domain/catalog';
import { SponsorApplicationFormSchema, sponsorApplicationPayload } from '../../../domain/sponsors';
import { useToast } from '../../components/toasts';
import { Field, FormErrors } from '../../components/form/field';
import { useFieldErrors, type ControlProps } from '../../components/form/use-field-errors';
import { newIdempotencyKey } from '../../lib/offline/outbox';
import { applicationFieldOf, TIER_OFFERS, type ApplicationField } from './sponsor-tiers';
import { APPLICATION_SUBMITTED, useSubmitSponsorApplication } from './api';
import { TextOptions } from '../../components/form/options';
import { useFormTakeOver } from '../../lib/player/first-tap/taps-later';

type FormValues = Record<Exclude<ApplicationField, 'tier'>, string>;

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
  const form = useFieldErrors({ fields: FIELD_ORDER, fieldOf: applicationFieldOf });
  // The server renders this page (docs/server-render.md): what was typed or picked, and a
  // submit, before the app started are kept and made again (issue 29).
  const formRef = useRef<HTMLFormElement>(null);
  useFormTakeOver(formRef, (fields) => {
    const text = (name: keyof FormValues) => String(fields.get(name) ?? '');
    setValues({ companyName: text('companyName'), email: text('email'), website: text('website'), budget: text('budget'), goals: text('goals'), message: text('message') });
    const picked = fields.get('tier');
    if (typeof picked === 'string' && picked !== tier && (SPONSOR_TIERS as readonly string[]).includes(picked)) onTierChange(picked as SponsorTier);
  });

  const set = (field: Exclude<ApplicationField, 'tier'>) => (value: string) => {
    setValues((old) => ({ ...old, [field]: value }));
    // A message beside a field the visitor is fixing would only nag.
    form.setError(field, undefined);
  };

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (submit.isPending) return;
    const checked = form.check(SponsorApplicationFormSchema, { ...values, tier });
    if (!checked) return;
    submit.mutate(
      { payload: sponsorApplicationPayload(checked), idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: () => {
          toast(APPLICATION_SUBMITTED);
          setValues(EMPTY);
          onTierChange('supporting');
        },
        onError: (err) => {
          toast({ title: 'Submission Failed', description: err.message, variant: 'destructive' });
          form.showServer(err);
        },
      },
    );
  }

  const field = (f: ApplicationField, label: string, control: (props: ControlProps) => ReactNode) => (
    <Field form={form} name={f} label={label} className="form-field">
      {control}
    </Field>
  );

  return (
    <form ref={formRef} id="partnership-application" className="sponsor-form" onSubmit={onSubmit} noValidate aria-labelledby={form.uid('heading')} data-after-start="">
      <h2 id={form.uid('heading')}>Partnership Application</h2>
      <div className="form-row">
        {field('companyName', 'Company name', (a11y) => (
          <input {...a11y} type="text" autoComplete="organization" maxLength={160} value={values.companyName} onChange={(e) => set('companyName')(e.target.value)} />
        ))}
        {field('email', 'Contact email', (a11y) => (
          <input {...a11y} type="email" autoComplete="email" inputMode="email" maxLength={254} value={values.email} onChange={(e) => set('email')(e.target.value)} />
        ))}
      </div>
      {field('website', 'Website (optional)', (a11y) => (
        <input {...a11y} type="url" autoComplete="url" inputMode="url" placeholder="https://" maxLength={2000} value={values.website} onChange={(e) => set('website')(e.target.value)} />
      ))}
      <div className="form-row">
        {field('tier', 'Sponsorship tier', (a11y) => (
          <select
            {...a11y}
            value={tier}
            onChange={(e) => {
              onTierChange(e.target.value as SponsorTier);
              form.setError('tier', undefined);
            }}
          >
            {SPONSOR_TIERS.map((t) => (
              <option key={t} value={t}>
                {TIER_LABELS[t]}
              </option>
            ))}
          </select>
        ))}
        {field('budget', 'Budget range', (a11y) => (
          <select {...a11y} value={values.budget} onChange={(e) => set('budget')(e.target.value)}>
            <option value="">Select a budget range</option>
            <TextOptions values={BUDGET_OPTIONS} />
          </select>
        ))}
      </div>
      {field('goals', 'Partnership goals', (a11y) => (
        <textarea
          {...a11y}
          rows={4}
          maxLength={2000}
          placeholder="What would you like to achieve with this partnership? (at least 20 characters)"
          value={values.goals}
          onChange={(e) => set('goals')(e.target.value)}
        />
      ))}
      {field('message', 'Additional message (optional)', (a11y) => (
        <textarea {...a11y} rows={3} maxLength={2000} value={values.message} onChange={(e) => set('message')(e.target.value)} />
      ))}
      <FormErrors form={form} />
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
