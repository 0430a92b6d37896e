import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import * as v from 'valibot';
import { fieldIssues, type FieldIssue } from '../../../domain/http-error';
import { ApiError } from '../../lib/api-client';

export interface FieldErrorsOptions<F extends string> {
  /** The form's fields in the order they appear: the first one with a message takes the focus. */
  fields: readonly F[];
  /**
   * A schema or server path → the field that shows its message, where the names differ
   * (the event form's 'startIso' is typed in 'startLocal'). Paths it leaves out fall back to
   * the field of that name, or of the path's first segment ('days.2' → 'days').
   */
  fieldOf?: (path: string) => F | null | undefined;
  /** The element to focus for a field when it is not the control with the field's id (a group's first box). */
  focusId?: (field: F, uid: (suffix: string) => string) => string;
}

/** What a control needs to be tied to its label, its message and its hints. */
export interface ControlProps {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldErrors<F extends string> {
  /** One message per field, first wins. */
  errors: Partial<Record<F, string>>;
  /** Messages about paths no field of this form shows (a stored setting set elsewhere): said, never dropped. */
  others: FieldIssue[];
  /** A stable id within this form: `uid('heading')`. */
  uid: (suffix: string) => string;
  /** The field's control id (its label's htmlFor). */
  id: (field: F) => string;
  errorId: (field: F) => string;
  hintId: (field: F) => string;
  /** id, name, aria-invalid and aria-describedby (the message first, then any hints) for the field's control. */
  control: (field: F, ...hintIds: (string | undefined | false)[]) => ControlProps;
  /** Issues from the schema or the server beside their fields; the first such field takes the focus. */
  showIssues: (issues: readonly FieldIssue[]) => void;
  /** Messages already keyed by field (checks the schema cannot make, such as a picked file's size). */
  showErrors: (errors: Partial<Record<F, string>>) => void;
  /**
   * The same valibot schema the server uses, run before sending: the output, or null after
   * showing the messages (and sending nothing).
   */
  check: <S extends v.GenericSchema>(schema: S, input: unknown) => v.InferOutput<S> | null;
  /** A failed call: the server's field messages (docs/api.md `issues[]`) beside the fields; none when it named none. */
  showServer: (err: unknown) => void;
  /** Sets or removes one field's message without moving the focus. */
  setError: (field: F, message: string | undefined) => void;
  clear: () => void;
}

interface State<F extends string> {
  errors: Partial<Record<F, string>>;
  others: FieldIssue[];
}

const EMPTY = { errors: {}, others: [] };

/**
 * One form's field errors: valibot's issues and the server's `issues[]` become a message per
 * field, tied to its control by aria-describedby under ids stable for the form's life.
 * Showing them focuses the first field in the form's order, after React has
 * painted the messages, so a screen reader reads the message with the field.
 */
export function useFieldErrors<F extends string>({ fields, fieldOf, focusId }: FieldErrorsOptions<F>): FieldErrors<F> {
  const base = useId();
  const [state, setState] = useState<State<F>>(EMPTY);
  const focusNext = useRef<F | null>(null);
  // The options are read when showing, so callers may pass fresh functions each render.
  const options = useRef({ fields, fieldOf, focusId });
  options.current = { fields, fieldOf, focusId };

  const uid = useCallback((suffix: string) => `${base}-${suffix}`, [base]);

  useEffect(() => {
    const field = focusNext.current;
    focusNext.current = null;
    if (!field) return;
    const { focusId: target } = options.current;
    document.getElementById(target ? target(field, uid) : uid(field))?.focus();
  }, [state, uid]);

  return useMemo(() => {
    const replace = (next: State<F>) => {
      focusNext.current = options.current.fields.find((f) => next.errors[f]) ?? null;
      setState(next);
    };
    const toField = (path: string): F | undefined => {
      const { fields: known, fieldOf: custom } = options.current;
      const mapped = custom?.(path);
      if (mapped) return mapped;
      const head = path.split('.')[0]!;
      return known.find((f) => f === path) ?? known.find((f) => f === head);
    };
    const showIssues = (issues: readonly FieldIssue[]) => {
      const errors: Partial<Record<F, string>> = {};
      const others: FieldIssue[] = [];
      for (const issue of issues) {
        const field = toField(issue.path);
        if (!field) others.push(issue);
        else errors[field] ??= issue.message;
      }
      replace({ errors, others });
    };
    const errorId = (f: F) => uid(`${f}-error`);
    return {
      errors: state.errors,
      others: state.others,
      uid,
      id: (f: F) => uid(f),
      errorId,
      hintId: (f: F) => uid(`${f}-hint`),
      control: (f: F, ...hintIds: (string | undefined | false)[]) => ({
        id: uid(f),
        name: f,
        'aria-invalid': state.errors[f] ? true : undefined,
        'aria-describedby': [state.errors[f] ? errorId(f) : null, ...hintIds].filter(Boolean).join(' ') || undefined,
      }),
      showIssues,
      showErrors: (errors: Partial<Record<F, string>>) => replace({ errors, others: [] }),
      check: <S extends v.GenericSchema>(schema: S, input: unknown) => {
        const parsed = v.safeParse(schema, input);
        if (parsed.success) {
          setState(EMPTY);
          return parsed.output;
        }
        showIssues(fieldIssues(parsed.issues));
        return null;
      },
      showServer: (err: unknown) => showIssues(err instanceof ApiError ? err.issues : []),
      setError: (f: F, message: string | undefined) =>
        setState((prev) => {
          if (prev.errors[f] === message) return prev;
          const errors: Partial<Record<F, string>> = { ...prev.errors };
          if (message) errors[f] = message;
          else delete errors[f];
          return { ...prev, errors };
        }),
      clear: () => setState(EMPTY),
    };
  }, [state, uid]);
}
