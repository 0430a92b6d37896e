import { useId, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { fieldIssues } from '../../../domain/http-error';
import { NewPrayerSchema, PRAYER_MESSAGES, PRAYER_NAME_MAX, PRAYER_TEXT_MAX } from '../../../domain/prayers';
import { useToast } from '../../components/toasts';
import { issuesByField } from '../../lib/api-client';
import { newIdempotencyKey } from '../../lib/offline/outbox';
import { PRAYER_SUBMITTED, prayerSubmission, useSubmitPrayer } from '../../api/prayers';

type FieldErrors = Partial<Record<'text' | 'nameOptional', string>>;

export function PrayerForm() {
  const { toast } = useToast();
  const submit = useSubmitPrayer();
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const textRef = useRef<HTMLTextAreaElement>(null);
  const consentRef = useRef<HTMLInputElement>(null);
  const id = useId();

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (submit.isPending) return;
    // spec.md §5: these two are toasts, in this order, and nothing is sent.
    if (text.trim() === '') {
      toast({ title: PRAYER_MESSAGES.textTitle, description: PRAYER_MESSAGES.text, variant: 'destructive' });
      textRef.current?.focus();
      return;
    }
    if (!consent) {
      toast({ title: PRAYER_MESSAGES.consentTitle, description: PRAYER_MESSAGES.consent, variant: 'destructive' });
      consentRef.current?.focus();
      return;
    }
    const parsed = v.safeParse(NewPrayerSchema, { text, nameOptional: name });
    if (!parsed.success) {
      setErrors(Object.fromEntries(fieldIssues(parsed.issues).map((i) => [i.path, i.message])));
      return;
    }
    setErrors({});
    submit.mutate(
      { payload: prayerSubmission(parsed.output.text, parsed.output.nameOptional), idempotencyKey: newIdempotencyKey() },
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
          setErrors(issuesByField(err));
        },
      },
    );
  }

  const describe = (field: keyof FieldErrors) => (errors[field] ? `${id}-${field}-error` : undefined);

  return (
    <form className="prayer-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Share a Prayer Request</h2>
      <label htmlFor={`${id}-text`}>Your prayer request</label>
      <textarea
        id={`${id}-text`}
        ref={textRef}
        name="text"
        rows={5}
        maxLength={PRAYER_TEXT_MAX}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="What would you like us to pray for?"
        aria-invalid={errors.text ? true : undefined}
        aria-describedby={describe('text')}
      />
      {errors.text && (
        <small id={`${id}-text-error`} className="field-error">
          {errors.text}
        </small>
      )}

      <label htmlFor={`${id}-name`}>Your name (optional)</label>
      <input
        id={`${id}-name`}
        name="nameOptional"
        type="text"
        autoComplete="given-name"
        maxLength={PRAYER_NAME_MAX}
        value={name}
        onChange={(e) => setName(e.target.value)}
        placeholder="Leave blank to stay anonymous"
        aria-invalid={errors.nameOptional ? true : undefined}
        aria-describedby={describe('nameOptional')}
      />
      {errors.nameOptional && (
        <small id={`${id}-nameOptional-error`} className="field-error">
          {errors.nameOptional}
        </small>
      )}

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
      <small className="muted">Every request is reviewed before it appears on the wall.</small>
    </form>
  );
}
