import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { AD_SIZES } from '../../../domain/ads';
import { AD_SLOTS, type AdMode } from '../../../domain/catalog';
import { fieldIssues } from '../../../domain/http-error';
import { SETTINGS_MESSAGES, SettingsSchema, type AdZones, type SettingsResponse } from '../../../domain/settings';
import { useToast } from '../../components/toasts';
import { ApiError, issuesByField } from '../../lib/api-client';
import { AD_SLOT_LABELS } from './ad-display';
import { useSaveSettings } from '../../api/settings';
import { adSettingsPayload } from './ad-settings-payload';

const ZONES: { name: keyof AdZones; label: string }[] = [
  { name: 'leaderboardEmbed', label: `Leaderboard Zone (${AD_SIZES.leaderboard.width}x${AD_SIZES.leaderboard.height})` },
  { name: 'sidebarEmbed', label: `Sidebar Zone (${AD_SIZES.sidebar.width}x${AD_SIZES.sidebar.height})` },
  { name: 'infeedEmbed', label: 'In-Feed Zone' },
];

const asMode = (mode: string): AdMode => (mode === 'embed' ? 'embed' : 'hybrid');

/** Mode select, zone embeds (embed mode) or the hybrid panel, the safety-zone warning, save. */
export function AdSettingsForm({ loaded }: { loaded: SettingsResponse }) {
  const { toast } = useToast();
  const save = useSaveSettings(adSettingsPayload);
  const [mode, setMode] = useState<AdMode>(() => asMode(loaded.adMode));
  const [zones, setZones] = useState<AdZones>(() => ({ ...loaded.adZones }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = useId();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    const edits = { adMode: mode, adZones: zones };
    const parsed = v.safeParse(SettingsSchema, adSettingsPayload(loaded, edits));
    if (!parsed.success) {
      setErrors(Object.fromEntries(fieldIssues(parsed.issues).map((i) => [i.path, i.message])));
      return;
    }
    setErrors({});
    // mutateAsync, not mutate's callbacks: a 401 locks the page (the form unmounts) and the
    // admin must still be told the save failed.
    save.mutateAsync({ adMode: parsed.output.adMode, adZones: parsed.output.adZones }).then(
      (saved) => {
        setMode(asMode(saved.adMode));
        setZones({ ...saved.adZones });
        toast({ title: 'Advertisement Settings Updated', description: 'Your ad configuration has been successfully updated.' });
      },
      (err: unknown) => {
        setErrors(issuesByField(err));
        const detail = err instanceof ApiError && err.status !== 400 ? `: ${err.message}` : '';
        toast({ title: 'Update Failed', description: `${SETTINGS_MESSAGES.updateAds}${detail}`, variant: 'destructive' });
      },
    );
  };

  const zoneError = (name: keyof AdZones) => errors[`adZones.${name}`];
  // Messages about settings this form does not show (set on the settings page) still need saying.
  const otherErrors = Object.entries(errors).filter(([path]) => path !== 'adMode' && !path.startsWith('adZones.'));

  return (
    <form className="ad-settings" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-heading`}>
      <article>
        <h2 id={`${id}-heading`}>Ad Configuration</h2>
        <label htmlFor={`${id}-mode`}>Ad Mode</label>
        <select
          id={`${id}-mode`}
          value={mode}
          onChange={(e) => setMode(asMode(e.target.value))}
          aria-invalid={errors.adMode ? true : undefined}
          aria-describedby={[errors.adMode ? `${id}-mode-error` : '', `${id}-mode-hint`].filter(Boolean).join(' ')}
        >
          <option value="embed">Embed</option>
          <option value="hybrid">Hybrid</option>
        </select>
        {errors.adMode && (
          <small id={`${id}-mode-error`} className="field-error">
            {errors.adMode}
          </small>
        )}

        <small id={`${id}-mode-hint`} className="muted ad-mode-hint">
          {mode === 'embed' ? 'Embed: ad network code pasted per zone.' : 'Hybrid: ads from the inventory, with house ads as fallback.'}
        </small>

        {mode === 'embed' ? (
          <div className="ad-zones">
            {ZONES.map((zone) => {
              const error = zoneError(zone.name);
              return (
                <div key={zone.name} className="ad-zone">
                  <label htmlFor={`${id}-${zone.name}`}>{zone.label}</label>
                  <textarea
                    id={`${id}-${zone.name}`}
                    rows={4}
                    spellCheck={false}
                    className="ad-code"
                    value={zones[zone.name]}
                    onChange={(e) => setZones((z) => ({ ...z, [zone.name]: e.target.value }))}
                    placeholder="<script …></script> or <ins …></ins>"
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-${zone.name}-error` : undefined}
                  />
                  {error && (
                    <small id={`${id}-${zone.name}-error`} className="field-error">
                      {error}
                    </small>
                  )}
                </div>
              );
            })}
            <small className="muted">An empty zone shows the 'Advertise Here!' box.</small>
          </div>
        ) : (
          <section className="ad-hybrid-panel" aria-labelledby={`${id}-hybrid`}>
            <h3 id={`${id}-hybrid`}>Hybrid Mode</h3>
            <ul>
              <li>
                <strong>Database ads</strong> from the inventory below are served to each slot.
              </li>
              <li>
                <strong>Promotional 'Advertise Here' boxes</strong> fill a slot when no ads are available.
              </li>
              <li>
                <strong>{AD_SLOTS.length} placements:</strong> {AD_SLOTS.map((s) => AD_SLOT_LABELS[s]).join(', ')}.
              </li>
              <li>
                <strong>Country targeting:</strong> an ad shows only to listeners in its chosen countries, or everywhere when none is chosen.
              </li>
            </ul>
          </section>
        )}

        <p className="ad-safety" role="note">
          <strong>Safety zone:</strong> ads never cover the player, the navigation or the now-playing bar. Only paste code from ad networks you
          trust; it runs in a sandboxed frame, apart from the app and the admin key.
        </p>

        {otherErrors.length > 0 && (
          <ul className="form-error" role="alert">
            {otherErrors.map(([path, message]) => (
              <li key={path}>
                {path}: {message}
              </li>
            ))}
          </ul>
        )}

        <button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Advertisement Settings'}
        </button>
      </article>
    </form>
  );
}
