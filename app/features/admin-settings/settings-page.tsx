import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { COUNTRIES } from '../../../domain/countries';
import { fieldIssues } from '../../../domain/http-error';
import { SETTINGS_MESSAGES, SettingsSchema, type SettingsResponse } from '../../../domain/settings';
import { TENANT_NAMES } from '../../../domain/tenants';
import { ErrorState, Placeholders } from '../../components/states';
import { useToast } from '../../components/toasts';
import { ApiError, issuesByField } from '../../lib/api-client';
import { currentTenant } from '../../lib/tenant';
import { adminSettingsQuery, useSaveSettings } from '../../api/settings';
import {
  CARIBBEAN_TIME_ZONES,
  EDITABLE_KEYS,
  SETTINGS_CARDS,
  TOGGLES,
  editableSettings,
  settingsPayload,
  type EditableSettings,
  type TextField,
} from './settings-fields';
import './admin-settings.css';

type FieldErrors = Record<string, string>;

/** Admin Settings (spec.md §2): 'Currently Managing: {tenant}', five cards, save. */
export function SettingsPage() {
  const tenant = currentTenant();
  const settings = useQuery(adminSettingsQuery());

  return (
    <section className="admin-settings" aria-labelledby="settings-heading">
      <header className="settings-header">
        <h1 id="settings-heading">Currently Managing: {tenant}</h1>
        <span className="settings-brand" data-testid="brand-badge">
          {settings.data?.displayName || TENANT_NAMES[tenant]}
        </span>
      </header>
      {settings.isPending ? (
        <Placeholders count={4} className="settings-skeleton" />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <SettingsForm loaded={settings.data} />
      )}
    </section>
  );
}

function SettingsForm({ loaded }: { loaded: SettingsResponse }) {
  const { toast } = useToast();
  const save = useSaveSettings(settingsPayload);
  const [values, setValues] = useState<EditableSettings>(() => editableSettings(loaded));
  const [errors, setErrors] = useState<FieldErrors>({});
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;

  const set = <K extends keyof EditableSettings>(name: K, value: EditableSettings[K]) => {
    setValues((prev) => ({ ...prev, [name]: value }));
  };

  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    const first = EDITABLE_KEYS.find((k) => next[k]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    const parsed = v.safeParse(SettingsSchema, settingsPayload(loaded, values));
    if (!parsed.success) {
      showErrors(Object.fromEntries(fieldIssues(parsed.issues).map((i) => [i.path, i.message])));
      return;
    }
    setErrors({});
    // Only this page's fields: the ad settings come from the freshly read current settings.
    const edits = Object.fromEntries(EDITABLE_KEYS.map((k) => [k, parsed.output[k]])) as Partial<EditableSettings>;
    // mutateAsync, not mutate's callbacks: a 401 locks the page (the form unmounts) and the
    // admin must still be told the save failed.
    save.mutateAsync(edits).then(
      (saved) => {
        setValues(editableSettings(saved));
        toast({ title: 'Settings Updated', description: 'Tenant settings have been successfully updated.' });
      },
      (err: unknown) => {
        // What the admin typed stays; the server's own field messages show beside the fields.
        showErrors(issuesByField(err));
        const detail = err instanceof ApiError && err.status !== 400 ? `: ${err.message}` : '';
        toast({ title: 'Update Failed', description: `${SETTINGS_MESSAGES.update}${detail}`, variant: 'destructive' });
      },
    );
  };

  // Field messages for settings this page does not show (e.g. a stored ad zone) still need saying.
  const otherErrors = Object.entries(errors).filter(([path]) => !(EDITABLE_KEYS as string[]).includes(path));

  return (
    <form className="settings-form" onSubmit={onSubmit} noValidate>
      <p className="settings-warning" role="note">
        <strong>Warning:</strong> Changes affect the live platform immediately.
      </p>
      {SETTINGS_CARDS.map((card) => (
        <article key={card.id} aria-labelledby={`${id}-${card.id}`}>
          <h2 id={`${id}-${card.id}`}>{card.title}</h2>
          {card.note && <p className="settings-note">{card.note}</p>}
          {card.fields.map((field) => (
            <SettingsInput
              key={field.name}
              field={field}
              inputId={fieldId(field.name)}
              value={values[field.name]}
              error={errors[field.name]}
              onChange={(value) => set(field.name, value)}
            />
          ))}
        </article>
      ))}

      <article aria-labelledby={`${id}-toggles`}>
        <h2 id={`${id}-toggles`}>Feature Toggles</h2>
        <div className="settings-toggles">
          {TOGGLES.map((toggle) => (
            <label key={toggle.name} htmlFor={fieldId(toggle.name)}>
              <input
                id={fieldId(toggle.name)}
                type="checkbox"
                role="switch"
                checked={values[toggle.name]}
                onChange={(e) => set(toggle.name, e.target.checked)}
              />
              {toggle.label}
            </label>
          ))}
        </div>
      </article>

      {otherErrors.length > 0 && (
        <ul className="form-error" role="alert">
          {otherErrors.map(([path, message]) => (
            <li key={path}>
              {path}: {message}
            </li>
          ))}
        </ul>
      )}

      <div className="settings-actions">
        <button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Settings'}
        </button>
      </div>
    </form>
  );
}

interface SettingsInputProps {
  field: TextField;
  inputId: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

function SettingsInput({ field, inputId, value, error, onChange }: SettingsInputProps) {
  const hintId = field.hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const common = {
    id: inputId,
    name: field.name,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [errorId, hintId].filter(Boolean).join(' ') || undefined,
  } as const;

  let control;
  if (field.kind === 'country') {
    control = (
      <select {...common} onChange={(e) => onChange(e.target.value)}>
        {COUNTRIES.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'html') {
    control = <textarea {...common} rows={3} spellCheck={false} className="settings-code" onChange={(e) => onChange(e.target.value)} />;
  } else {
    const isUrl = field.kind === 'url';
    control = (
      <input
        {...common}
        type="text"
        inputMode={isUrl ? 'url' : undefined}
        autoCapitalize={isUrl || field.kind === 'timeZone' ? 'off' : undefined}
        spellCheck={isUrl || field.kind === 'timeZone' ? false : undefined}
        placeholder={field.placeholder}
        list={field.kind === 'timeZone' ? `${inputId}-zones` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }

  return (
    <div className="settings-field">
      <label htmlFor={inputId}>{field.label}</label>
      {control}
      {field.kind === 'timeZone' && (
        <datalist id={`${inputId}-zones`}>
          {CARIBBEAN_TIME_ZONES.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
      )}
      {error && (
        <small id={errorId} className="field-error">
          {error}
        </small>
      )}
      {field.hint && (
        <small id={hintId} className="muted">
          {field.hint}
        </small>
      )}
    </div>
  );
}
