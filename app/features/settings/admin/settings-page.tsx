import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { SETTINGS_MESSAGES, SettingsSchema, type SettingsResponse } from '../../../../domain/settings';
import { TENANT_NAMES } from '../../../../domain/tenants';
import { ErrorState, Placeholders } from '../../../components/states';
import { useToast } from '../../../components/toasts';
import { Field, FormErrors } from '../../../components/form/field';
import { failureDetail } from '../../../components/form/failure';
import { useFieldErrors, type ControlProps } from '../../../components/form/use-field-errors';
import { useDraft } from '../../../components/form/use-draft';
import { currentTenant } from '../../../lib/tenant';
import { adminSettingsQuery, useSaveSettings } from '../api';
import {
  NUMBERS,
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
import { CountryOptions } from '../../../components/form/options';

/** Admin Settings (docs/product.md#screens): 'Currently Managing: {tenant}', five cards, save. */
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
      ) : settings.isLoadingError ? (
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
  const [values, set, setValues] = useDraft<EditableSettings>(() => editableSettings(loaded));
  const form = useFieldErrors({ fields: EDITABLE_KEYS });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    const checked = form.check(SettingsSchema, settingsPayload(loaded, values));
    if (!checked) return;
    // Only this page's fields: the ad settings come from the freshly read current settings.
    const edits = Object.fromEntries(EDITABLE_KEYS.map((k) => [k, checked[k]])) as Partial<EditableSettings>;
    // mutateAsync, not mutate's callbacks: a 401 locks the page (the form unmounts) and the
    // admin must still be told the save failed.
    save.mutateAsync(edits).then(
      (saved) => {
        setValues(editableSettings(saved));
        toast({ title: 'Settings Updated', description: 'Tenant settings have been successfully updated.' });
      },
      (err: unknown) => {
        // What the admin typed stays; the server's own field messages show beside the fields.
        form.showServer(err);
        toast({ title: 'Update Failed', description: `${SETTINGS_MESSAGES.update}${failureDetail(err)}`, variant: 'destructive' });
      },
    );
  };

  return (
    <form className="settings-form" onSubmit={onSubmit} noValidate>
      <p className="settings-warning" role="note">
        <strong>Warning:</strong> Changes affect the live platform immediately.
      </p>
      {SETTINGS_CARDS.map((card) => (
        <article key={card.id} aria-labelledby={form.uid(card.id)}>
          <h2 id={form.uid(card.id)}>{card.title}</h2>
          {card.note && <p className="settings-note">{card.note}</p>}
          {card.fields.map((field) => (
            <Field key={field.name} form={form} name={field.name} label={field.label} hint={field.hint} className="settings-field">
              {(control) => <SettingsControl field={field} control={control} value={values[field.name]} onChange={(value) => set(field.name, value)} />}
            </Field>
          ))}
        </article>
      ))}

      <article aria-labelledby={form.uid('toggles')}>
        <h2 id={form.uid('toggles')}>Feature Toggles</h2>
        <div className="settings-toggles">
          {TOGGLES.map((toggle) => (
            <label key={toggle.name} htmlFor={form.id(toggle.name)}>
              <input
                id={form.id(toggle.name)}
                type="checkbox"
                role="switch"
                checked={values[toggle.name]}
                onChange={(e) => set(toggle.name, e.target.checked)}
              />
              {toggle.label}
            </label>
          ))}
        </div>
        {NUMBERS.map((n) => (
          <Field key={n.name} form={form} name={n.name} label={n.label} hint={n.hint} className="settings-field">
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                value={String(values[n.name])}
                onChange={(e) => set(n.name, e.target.value === '' ? 0 : Number(e.target.value))}
              />
            )}
          </Field>
        ))}
      </article>

      {/* Field messages for settings this page does not show (e.g. a stored ad zone) still need saying. */}
      <FormErrors form={form} />

      <div className="settings-actions">
        <button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Settings'}
        </button>
      </div>
    </form>
  );
}

interface SettingsControlProps {
  field: TextField;
  control: ControlProps;
  value: string;
  onChange: (value: string) => void;
}

function SettingsControl({ field, control, value, onChange }: SettingsControlProps) {
  if (field.kind === 'country') {
    return (
      <select {...control} value={value} onChange={(e) => onChange(e.target.value)}>
        <CountryOptions />
      </select>
    );
  }
  if (field.kind === 'html') {
    return <textarea {...control} value={value} rows={3} spellCheck={false} className="settings-code" onChange={(e) => onChange(e.target.value)} />;
  }
  const isUrl = field.kind === 'url';
  const isZone = field.kind === 'timeZone';
  return (
    <>
      <input
        {...control}
        value={value}
        type="text"
        inputMode={isUrl ? 'url' : undefined}
        autoCapitalize={isUrl || isZone ? 'off' : undefined}
        spellCheck={isUrl || isZone ? false : undefined}
        placeholder={field.placeholder}
        list={isZone ? `${control.id}-zones` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {isZone && (
        <datalist id={`${control.id}-zones`}>
          {CARIBBEAN_TIME_ZONES.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
      )}
    </>
  );
}
