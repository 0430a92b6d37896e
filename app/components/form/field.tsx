import type { ReactNode } from 'react';
import type { ControlProps, FieldErrors } from './use-field-errors';

/** A URL field: the phone's URL keyboard, no capitals or spelling fixes. */
export const URL_INPUT = { type: 'url', inputMode: 'url', autoCapitalize: 'off', spellCheck: false } as const;

export interface FieldProps<F extends string> {
  form: FieldErrors<F>;
  name: F;
  label: ReactNode;
  /** Help shown under the control and read with it. */
  hint?: ReactNode;
  /** Ids of other hints the control is described by (a note shared by several fields). */
  describedBy?: string;
  /** The wrapper's class: each screen lays its fields out its own way. */
  className?: string;
  /** The control, given the props that tie it to the label, the message and the hints. */
  children: (control: ControlProps) => ReactNode;
}

/** A label, its control, an optional hint and the field's message, tied together for assistive technology. */
export function Field<F extends string>({ form, name, label, hint, describedBy, className, children }: FieldProps<F>) {
  return (
    <div className={className} data-field={name}>
      <label htmlFor={form.id(name)}>{label}</label>
      {children(form.control(name, hint ? form.hintId(name) : undefined, describedBy))}
      {hint && (
        <small id={form.hintId(name)} className="muted">
          {hint}
        </small>
      )}
      <FieldMessage form={form} name={name} />
    </div>
  );
}

/** A field's message on its own, for controls a <Field> cannot wrap (a group of checkboxes). */
export function FieldMessage<F extends string>({ form, name }: { form: FieldErrors<F>; name: F }) {
  const error = form.errors[name];
  if (!error) return null;
  return (
    <small id={form.errorId(name)} className="field-error" data-testid={`error-${name}`}>
      {error}
    </small>
  );
}

/** Messages about settings the form does not show: said as a list rather than lost. */
export function FormErrors({ form }: { form: Pick<FieldErrors<string>, 'others'> }) {
  if (form.others.length === 0) return null;
  return (
    <ul className="form-error" role="alert">
      {form.others.map(({ path, message }) => (
        <li key={path}>
          {path ? `${path}: ` : ''}
          {message}
        </li>
      ))}
    </ul>
  );
}
