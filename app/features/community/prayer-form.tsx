import { useRef, useState, type FormEvent } from 'react';
import { NewPrayerSchema, PRAYER_MESSAGES, PRAYER_NAME_MAX, PRAYER_TEXT_MAX } from '../../../domain/prayers';
import { useToast } from '../../components/toasts';
import { Field, FormErrors } from '../../components/form/field';
import { useFieldErrors } from '../../components/form/use-field-errors';
import { newIdempotencyKey } from '../../lib/offline/outbox';
import { useFormTakeOver } from '../../lib/player/first-tap/taps-later';
import { PRAYER_SUBMITTED, prayerSubmission, useSubmitPrayer } from './api';

const PRAYER_FIELDS = ['text', 'nameOptional'] as const;

export function PrayerForm() {
  const { toast } = useToast();
  const submit = useSubmitPrayer();
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [consent, setConsent] = useState(false);
  const form = useFieldErrors({ fields: PRAYER_FIELDS });
  const consentRef = useRef<HTMLInputElement>(null);
  // The server renders the wall (docs/server-render.md): what was typed, and a Submit tapped,
  // before the app started are kept and made again (issue 29).
  const formRef = useRef<HTMLFormElement>(null);
  useFormTakeOver(formRef, (fields) => {
    setText(String(fields.get('text') ?? ''));
    setName(String(fields.get('nameOptional') ?? ''));
    setConsent(fields.get('consent') !== null);
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (submit.isPending) return;
    // docs/product.md#validation-messages: these two are toasts, in this order, and nothing is sent.
    if (text.trim() === '') {
      toast({ title: PRAYER_MESSAGES.textTitle, description: PRAYER_MESSAGES.text, variant: 'destructive' });
      document.getElementById(form.id('text'))?.focus();
      return;
    }
    if (!consent) {
      toast({ title: PRAYER_MESSAGES.consentTitle, description: PRAYER_MESSAGES.consent, variant: 'destructive' });
      consentRef.current?.focus();
      return;
    }
    const prayer = form.check(NewPrayerSchema, { text, nameOptional: name });
    if (!prayer) return;
    submit.mutate(
      { payload: prayerSubmission(prayer.text, prayer.nameOptional), idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: () => {
          toast(PRAYER_SUBMITTED);
          setText('');
          setName('');
          setConsent(false);
        },
        onError: (err) => {
          // What the visitor typed stays; the server's own words explain what went wrong.
          toast({ title: 'Submission Failed', description: err.message, variant: 'destructive' });
          form.showServer(err);
        },
      },
    );
  }

  return (
    <form ref={formRef} className="prayer-form" onSubmit={onSubmit} noValidate aria-labelledby={form.uid('heading')} data-after-start="">
      <h2 id={form.uid('heading')}>Share a Prayer Request</h2>
      <Field form={form} name="text" label="Your prayer request">
        {(control) => (
          <textarea
            {...control}
            rows={5}
            maxLength={PRAYER_TEXT_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="What would you like us to pray for?"
          />
        )}
      </Field>

      <Field form={form} name="nameOptional" label="Your name (optional)">
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="given-name"
            maxLength={PRAYER_NAME_MAX}
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="Leave blank to stay anonymous"
          />
        )}
      </Field>

      <label className="prayer-consent">
        <input ref={consentRef} type="checkbox" name="consent" checked={consent} onChange={(e) => setConsent(e.target.checked)} />
        I consent to my prayer request being shared on the Prayer Wall after review.
      </label>

      <button type="submit" disabled={submit.isPending} aria-busy={submit.isPending && !submit.isPaused}>
        {submit.isPaused ? 'Waiting for connection...' : submit.isPending ? 'Submitting...' : 'Submit Prayer Request'}
      </button>
      {submit.isPaused && (
        <p className="prayer-queued" role="status">
          You are offline. Your prayer request is saved and will be sent when the connection returns.
        </p>
      )}
      <FormErrors form={form} />
      <small className="muted">Every request is reviewed before it appears on the wall.</small>
    </form>
  );
}
