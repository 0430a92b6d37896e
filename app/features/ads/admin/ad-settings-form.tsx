import { useState, type FormEvent } from 'react';
import { AD_SIZES } from '../../../../domain/ads';
import { AD_SLOTS, type AdMode } from '../../../../domain/catalog';
import { SETTINGS_MESSAGES, SettingsSchema, type AdZones, type SettingsResponse } from '../../../../domain/settings';
import { useToast } from '../../../components/toasts';
import { Field, FormErrors } from '../../../components/form/field';
import { failureDetail } from '../../../components/form/failure';
import { useFieldErrors } from '../../../components/form/use-field-errors';
import { AD_SLOT_LABELS } from './ad-display';
import { useSaveSettings } from '../../settings/api';
import { adSettingsPayload } from './ad-settings-payload';

const ZONES: { name: keyof AdZones; label: string }[] = [
  { name: 'leaderboardEmbed', label: `Leaderboard Zone (${AD_SIZES.leaderboard.width}x${AD_SIZES.leaderboard.height})` },
  { name: 'sidebarEmbed', label: `Sidebar Zone (${AD_SIZES.sidebar.width}x${AD_SIZES.sidebar.height})` },
  { name: 'infeedEmbed', label: 'In-Feed Zone' },
];

/** The settings this page edits, in the order they appear. */
const AD_SETTINGS_FIELDS = ['adMode', ...ZONES.map((z) => `adZones.${z.name}` as const)] as const;

const asMode = (mode: string): AdMode => (mode === 'embed' ? 'embed' : 'hybrid');

/** Mode select, zone embeds (embed mode) or the hybrid panel, the safety-zone warning, save. */
export function AdSettingsForm({ loaded }: { loaded: SettingsResponse }) {
  const { toast } = useToast();
  const save = useSaveSettings(adSettingsPayload);
  const [mode, setMode] = useState<AdMode>(() => asMode(loaded.adMode));
  const [zones, setZones] = useState<AdZones>(() => ({ ...loaded.adZones }));
  const form = useFieldErrors({ fields: AD_SETTINGS_FIELDS });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    const checked = form.check(SettingsSchema, adSettingsPayload(loaded, { adMode: mode, adZones: zones }));
    if (!checked) return;
    // mutateAsync, not mutate's callbacks: a 401 locks the page (the form unmounts) and the
    // admin must still be told the save failed.
    save.mutateAsync({ adMode: checked.adMode, adZones: checked.adZones }).then(
      (saved) => {
        setMode(asMode(saved.adMode));
        setZones({ ...saved.adZones });
        toast({ title: 'Advertisement Settings Updated', description: 'Your ad configuration has been successfully updated.' });
      },
      (err: unknown) => {
        form.showServer(err);
        toast({ title: 'Update Failed', description: `${SETTINGS_MESSAGES.updateAds}${failureDetail(err)}`, variant: 'destructive' });
      },
    );
  };

  return (
    <form className="ad-settings" onSubmit={onSubmit} noValidate aria-labelledby={form.uid('heading')}>
      <article>
        <h2 id={form.uid('heading')}>Ad Configuration</h2>
        <Field form={form} name="adMode" label="Ad Mode" describedBy={form.uid('mode-hint')}>
          {(control) => (
            <select {...control} value={mode} onChange={(e) => setMode(asMode(e.target.value))}>
              <option value="embed">Embed</option>
              <option value="hybrid">Hybrid</option>
            </select>
          )}
        </Field>

        <small id={form.uid('mode-hint')} className="muted ad-mode-hint">
          {mode === 'embed' ? 'Embed: ad network code pasted per zone.' : 'Hybrid: ads from the inventory, with house ads as fallback.'}
        </small>

        {mode === 'embed' ? (
          <div className="ad-zones">
            {ZONES.map((zone) => (
              <Field key={zone.name} form={form} name={`adZones.${zone.name}`} label={zone.label} className="ad-zone">
                {(control) => (
                  <textarea
                    {...control}
                    rows={4}
                    spellCheck={false}
                    className="ad-code"
                    value={zones[zone.name]}
                    onChange={(e) => setZones((z) => ({ ...z, [zone.name]: e.target.value }))}
                    placeholder="<script …></script> or <ins …></ins>"
                  />
                )}
              </Field>
            ))}
            <small className="muted">An empty zone shows the 'Advertise Here!' box.</small>
          </div>
        ) : (
          <section className="ad-hybrid-panel" aria-labelledby={form.uid('hybrid')}>
            <h3 id={form.uid('hybrid')}>Hybrid Mode</h3>
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

        {/* Messages about settings this form does not show (set on the settings page) still need saying. */}
        <FormErrors form={form} />

        <button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Advertisement Settings'}
        </button>
      </article>
    </form>
  );
}
