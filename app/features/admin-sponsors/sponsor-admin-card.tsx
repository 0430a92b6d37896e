import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import type { SponsorTier } from '../../../domain/catalog';
import { fieldIssues } from '../../../domain/http-error';
import { SponsorPatchSchema, displayTier, type Sponsor } from '../../../domain/sponsors';
import { useToast } from '../../components/toasts';
import { issuesByField } from '../../lib/api-client';
import { useLowData } from '../../lib/low-data';
import { TIER_LABELS, TIER_OPTIONS, parseApplicationNotes } from './sponsor-review';
import type { UploadProgress } from '../../api/uploads';
import { UploadProgressView } from '../../components/upload-progress';
import { pickAdminImage } from '../../lib/admin-upload';
import { useDeleteSponsor, useUpdateSponsor } from '../../api/sponsors';

const DETAIL_FIELDS = ['name', 'tier', 'imageUrl', 'targetUrl'] as const;
type DetailField = (typeof DETAIL_FIELDS)[number];
type Errors = Partial<Record<DetailField, string>>;

interface Details {
  name: string;
  tier: SponsorTier;
  imageUrl: string;
  targetUrl: string;
}

const detailsOf = (s: Sponsor): Details => ({ name: s.name, tier: displayTier(s.tier), imageUrl: s.imageUrl ?? '', targetUrl: s.targetUrl ?? '' });

const pickErrors = (byPath: Record<string, string>): Errors =>
  Object.fromEntries(DETAIL_FIELDS.filter((f) => byPath[f]).map((f) => [f, byPath[f]])) as Errors;

/** One sponsor or application: what they wrote, and the admin's review of it. */
export function SponsorAdminCard({ sponsor }: { sponsor: Sponsor }) {
  const { toast } = useToast();
  const update = useUpdateSponsor();
  const remove = useDeleteSponsor();
  const [lowData] = useLowData();
  const [details, setDetails] = useState<Details>(() => detailsOf(sponsor));
  const [errors, setErrors] = useState<Errors>({});
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const id = useId();
  const fid = (name: string) => `${id}-${name}`;
  const notes = sponsor.active ? null : parseApplicationNotes(sponsor.notes);
  const set = <K extends keyof Details>(name: K, value: Details[K]) => setDetails((d) => ({ ...d, [name]: value }));
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
    const parsed = v.safeParse(SponsorPatchSchema, details);
    if (!parsed.success) {
      const next = pickErrors(Object.fromEntries(fieldIssues(parsed.issues).map((i) => [i.path, i.message])));
      setErrors(next);
      const first = DETAIL_FIELDS.find((f) => next[f]);
      if (first) document.getElementById(fid(first))?.focus();
      return;
    }
    setErrors({});
    update.mutate(
      { id: sponsor.id, patch: parsed.output },
      {
        onSuccess: (saved) => {
          setDetails(detailsOf(saved));
          toast({ title: 'Sponsor Updated', description: `Changes to ${saved.name} are saved.` });
        },
        onError: (err) => {
          setErrors(pickErrors(issuesByField(err)));
          toast({ title: 'Update Failed', description: err.message, variant: 'destructive' });
        },
      },
    );
  };

  const onDelete = () => {
    const what = sponsor.active ? `the sponsor ${sponsor.name}` : `the application from ${sponsor.name}`;
    if (!window.confirm(`Delete ${what}? This cannot be undone.`)) return;
    remove.mutate(sponsor.id, {
      onSuccess: () => toast({ title: 'Sponsor Removed', description: `${sponsor.name} has been deleted.` }),
      onError: (err) => toast({ title: 'Delete Failed', description: err.message, variant: 'destructive' }),
    });
  };

  const onPickLogo = pickAdminImage({
    onStart: () => setUploading(true),
    onDone: () => {
      setUploading(false);
      setProgress(null);
    },
    onProgress: setProgress,
    onUploaded: (url) => {
      set('imageUrl', url);
      setErrors(({ imageUrl: _gone, ...rest }) => rest);
    },
    onProblem: (message) => setErrors((prev) => ({ ...prev, imageUrl: message })),
  });

  const describedBy = (name: DetailField) => (errors[name] ? fid(`${name}-error`) : undefined);
  const fieldError = (name: DetailField) =>
    errors[name] ? (
      <small id={fid(`${name}-error`)} className="field-error">
        {errors[name]}
      </small>
    ) : null;

  return (
    <article className="spadmin-card" data-testid="admin-sponsor" aria-labelledby={fid('name-heading')}>
      <header className="spadmin-card-header">
        {sponsor.imageUrl && !lowData ? (
          <img className="spadmin-logo" src={sponsor.imageUrl} alt="" width={56} height={56} loading="lazy" decoding="async" />
        ) : (
          <div className="spadmin-logo spadmin-initial" aria-hidden="true">
            {(sponsor.name.trim()[0] ?? '?').toUpperCase()}
          </div>
        )}
        <div className="spadmin-heading">
          <h3 id={fid('name-heading')}>{sponsor.name}</h3>
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
          {notes.budget && (
            <div>
              <dt>Budget</dt>
              <dd>{notes.budget}</dd>
            </div>
          )}
          {notes.goals && (
            <div>
              <dt>Goals</dt>
              <dd>{notes.goals}</dd>
            </div>
          )}
          {notes.message && (
            <div>
              <dt>Message</dt>
              <dd>{notes.message}</dd>
            </div>
          )}
          {notes.other.length > 0 && (
            <div>
              <dt>Notes</dt>
              <dd>{notes.other.join('\n')}</dd>
            </div>
          )}
        </dl>
      )}

      <details className="spadmin-details">
        <summary>Tier, logo and link</summary>
        <form onSubmit={onSave} noValidate>
          <div className="spadmin-field">
            <label htmlFor={fid('name')}>Name</label>
            <input id={fid('name')} value={details.name} onChange={(e) => set('name', e.target.value)} aria-invalid={errors.name ? true : undefined} aria-describedby={describedBy('name')} />
            {fieldError('name')}
          </div>
          <div className="spadmin-field">
            <label htmlFor={fid('tier')}>Tier</label>
            <select id={fid('tier')} value={details.tier} onChange={(e) => set('tier', e.target.value as SponsorTier)} aria-invalid={errors.tier ? true : undefined} aria-describedby={describedBy('tier')}>
              {TIER_OPTIONS.map((o) => (
                <option key={o.tier} value={o.tier}>
                  {o.label}
                </option>
              ))}
            </select>
            {fieldError('tier')}
          </div>
          <div className="spadmin-field">
            <label htmlFor={fid('imageUrl')}>Logo URL</label>
            <input
              id={fid('imageUrl')}
              type="url"
              inputMode="url"
              autoCapitalize="off"
              spellCheck={false}
              value={details.imageUrl}
              onChange={(e) => set('imageUrl', e.target.value)}
              aria-invalid={errors.imageUrl ? true : undefined}
              aria-describedby={describedBy('imageUrl')}
            />
            {fieldError('imageUrl')}
            <label htmlFor={fid('logo-file')} className="spadmin-upload">
              {uploading ? 'Uploading logo...' : 'Or upload a logo (up to 5 MB)'}
            </label>
            <input id={fid('logo-file')} type="file" accept="image/*" onChange={(e) => void onPickLogo(e)} disabled={uploading} aria-busy={uploading} />
            {uploading && progress && <UploadProgressView progress={progress} label="Logo" />}
          </div>
          <div className="spadmin-field">
            <label htmlFor={fid('targetUrl')}>Link (website)</label>
            <input
              id={fid('targetUrl')}
              type="url"
              inputMode="url"
              autoCapitalize="off"
              spellCheck={false}
              value={details.targetUrl}
              onChange={(e) => set('targetUrl', e.target.value)}
              aria-invalid={errors.targetUrl ? true : undefined}
              aria-describedby={describedBy('targetUrl')}
            />
            {fieldError('targetUrl')}
          </div>
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
