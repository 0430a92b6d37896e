import { useState, type FormEvent } from 'react';
import type { SponsorTier } from '../../../../domain/catalog';
import { SponsorPatchSchema, displayTier, type Sponsor } from '../../../../domain/sponsors';
import { useToast } from '../../../components/toasts';
import { Field, FormErrors, URL_INPUT } from '../../../components/form/field';
import { AdminImageField } from '../../../components/form/admin-image-field';
import { useFieldErrors } from '../../../components/form/use-field-errors';
import { useDraft } from '../../../components/form/use-draft';
import { Thumbnail } from '../../../components/thumbnail';
import { TIER_LABELS, TIER_OPTIONS, parseApplicationNotes, type ApplicationNotes } from './sponsor-review';
import { useDeleteSponsor, useUpdateSponsor } from '../api';
import { failureMessage } from '../../../components/form/failure';

const DETAIL_FIELDS = ['name', 'tier', 'imageUrl', 'targetUrl'] as const;

interface Details {
  name: string;
  tier: SponsorTier;
  imageUrl: string;
  targetUrl: string;
}

/** The application's other parts, in the order the form asked for them. */
const NOTE_LABELS: [string, (n: ApplicationNotes) => string | null][] = [
  ['Budget', (n) => n.budget],
  ['Goals', (n) => n.goals],
  ['Message', (n) => n.message],
  ['Notes', (n) => (n.other.length > 0 ? n.other.join('\n') : null)],
];

const detailsOf = (s: Sponsor): Details => ({ name: s.name, tier: displayTier(s.tier), imageUrl: s.imageUrl ?? '', targetUrl: s.targetUrl ?? '' });

/** One sponsor or application: what they wrote, and the admin's review of it. */
export function SponsorAdminCard({ sponsor }: { sponsor: Sponsor }) {
  const { toast } = useToast();
  const update = useUpdateSponsor();
  const remove = useDeleteSponsor();
  const [details, set, setDetails] = useDraft<Details>(() => detailsOf(sponsor));
  const [uploading, setUploading] = useState(false);
  const form = useFieldErrors({ fields: DETAIL_FIELDS });
  const notes = sponsor.active ? null : parseApplicationNotes(sponsor.notes);
  const busy = update.isPending || remove.isPending;

  const onToggleActive = () => {
    const active = !sponsor.active;
    update.mutate(
      { id: sponsor.id, patch: { active } },
      {
        onSuccess: () =>
          toast(
            active
              ? { title: 'Sponsor Activated', description: `${sponsor.name} now appears on the sponsors page.` }
              : { title: 'Sponsor Deactivated', description: `${sponsor.name} no longer appears on the sponsors page.` },
          ),
        onError: (err) => toast({ title: 'Update Failed', description: err.message, variant: 'destructive' }),
      },
    );
  };

  const onSave = (e: FormEvent) => {
    e.preventDefault();
    if (busy || uploading) return;
    const patch = form.check(SponsorPatchSchema, details);
    if (!patch) return;
    update.mutate(
      { id: sponsor.id, patch },
      {
        onSuccess: (saved) => {
          setDetails(detailsOf(saved));
          toast({ title: 'Sponsor Updated', description: `Changes to ${saved.name} are saved.` });
        },
        onError: (err) => {
          form.showServer(err);
          toast({ title: 'Update Failed', description: err.message, variant: 'destructive' });
        },
      },
    );
  };

  const onDelete = () => {
    const what = sponsor.active ? `the sponsor ${sponsor.name}` : `the application from ${sponsor.name}`;
    if (!window.confirm(`Delete ${what}? This cannot be undone.`)) return;
    // mutateAsync, not mutate's callbacks: the row unmounts once the lists refetch without
    // it, and the admin must still hear that it went.
    remove.mutateAsync(sponsor.id).then(
      () => toast({ title: 'Sponsor Removed', description: `${sponsor.name} has been deleted.` }),
      (err: unknown) => toast({ title: 'Delete Failed', description: failureMessage(err), variant: 'destructive' }),
    );
  };

  return (
    <article className="spadmin-card" data-testid="admin-sponsor" aria-labelledby={form.uid('name-heading')}>
      <header className="spadmin-card-header">
        <Thumbnail src={sponsor.imageUrl} name={sponsor.name} className="spadmin-logo" letterClassName="spadmin-initial" width={56} height={56} />
        <div className="spadmin-heading">
          <h3 id={form.uid('name-heading')}>{sponsor.name}</h3>
          <p className="spadmin-meta">
            <span className={`spadmin-badge ${sponsor.active ? 'is-active' : 'is-pending'}`}>{sponsor.active ? 'Active' : 'Application'}</span>{' '}
            <span className="spadmin-badge">{TIER_LABELS[displayTier(sponsor.tier)]}</span>
          </p>
          {sponsor.targetUrl && (
            <a href={sponsor.targetUrl} target="_blank" rel="noopener" className="spadmin-site">
              {sponsor.targetUrl}
            </a>
          )}
        </div>
      </header>

      {notes && (
        <dl className="spadmin-notes" aria-label={`Application from ${sponsor.name}`}>
          {notes.email && (
            <div>
              <dt>Contact email</dt>
              <dd>
                <a href={`mailto:${notes.email}`}>{notes.email}</a>
              </dd>
            </div>
          )}
          {NOTE_LABELS.map(([label, text]) =>
            text(notes) ? (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{text(notes)}</dd>
              </div>
            ) : null,
          )}
        </dl>
      )}

      <details className="spadmin-details">
        <summary>Tier, logo and link</summary>
        <form onSubmit={onSave} noValidate>
          <Field form={form} name="name" label="Name" className="spadmin-field">
            {(control) => <input {...control} value={details.name} onChange={(e) => set('name', e.target.value)} />}
          </Field>
          <Field form={form} name="tier" label="Tier" className="spadmin-field">
            {(control) => (
              <select {...control} value={details.tier} onChange={(e) => set('tier', e.target.value as SponsorTier)}>
                {TIER_OPTIONS.map((o) => (
                  <option key={o.tier} value={o.tier}>
                    {o.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <AdminImageField form={form} draft={[details, set]} label="Logo URL" noun="logo" className="spadmin-field" uploadClassName="spadmin-upload" onBusyChange={setUploading} />
          <Field form={form} name="targetUrl" label="Link (website)" className="spadmin-field">
            {(control) => (
              <input {...control} {...URL_INPUT} value={details.targetUrl} onChange={(e) => set('targetUrl', e.target.value)} />
            )}
          </Field>
          <FormErrors form={form} />
          <button type="submit" className="spadmin-save" disabled={busy || uploading} aria-busy={update.isPending && update.variables?.patch.active === undefined}>
            Save Changes<span className="visually-hidden"> to {sponsor.name}</span>
          </button>
        </form>
      </details>

      <div className="spadmin-actions">
        <button
          type="button"
          className={sponsor.active ? 'outline' : ''}
          onClick={onToggleActive}
          disabled={busy}
          aria-busy={update.isPending && update.variables?.patch.active !== undefined}
          aria-label={`${sponsor.active ? 'Deactivate' : 'Activate'} ${sponsor.name}`}
        >
          {sponsor.active ? 'Deactivate' : 'Activate'}
        </button>
        <button type="button" className="outline secondary" onClick={onDelete} disabled={busy} aria-busy={remove.isPending} aria-label={`Delete ${sponsor.name}`}>
          Delete
        </button>
      </div>
    </article>
  );
}
