import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { Ad } from '../../../../domain/ads';
import { AdminList } from '../../../components/admin-list-page';
import { useToast } from '../../../components/toasts';
import { TableHead } from '../../../components/table-head';
import { Thumbnail } from '../../../components/thumbnail';
import { clickThroughRate, countriesLabel, slotsLabel } from './ad-display';
import { AdForm } from './ad-form';
import { adInventoryQuery, useDeleteAd, useUpdateAd } from '../api';

const errorMessage = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong');

type Editor = { mode: 'closed' } | { mode: 'new' } | { mode: 'edit'; ad: Ad };

/** The ad inventory (docs/product.md): list with counts and CTR, create/edit, activate, delete. */
export function AdInventory() {
  const ads = useQuery(adInventoryQuery());
  const [editor, setEditor] = useState<Editor>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<Ad | null>(null);
  const editorRef = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (editor.mode !== 'closed') editorRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [editor]);

  return (
    <article className="ad-inventory" aria-labelledby={`${id}-heading`}>
      <header className="ad-inventory-header">
        <h2 id={`${id}-heading`}>Ad Inventory</h2>
        {editor.mode === 'closed' && (
          <button type="button" onClick={() => setEditor({ mode: 'new' })}>
            Add Ad
          </button>
        )}
      </header>
      <p className="muted">Database ads served in hybrid mode, with their impressions, clicks and click-through rate.</p>

      {editor.mode !== 'closed' && (
        <div ref={editorRef} className="ad-editor">
          <AdForm
            key={editor.mode === 'edit' ? editor.ad.id : 'new'}
            editing={editor.mode === 'edit' ? editor.ad : null}
            onDone={() => setEditor({ mode: 'closed' })}
          />
        </div>
      )}

      <AdminList
        query={ads}
        placeholderClassName="ad-row-placeholder"
        emptyTitle="No Ads Yet"
        emptyText="Until an ad is added, hybrid slots show the 'Advertise Here!' box."
      >
        {(inventory) => (
          <table className="ads-table">
            <TableHead columns={['Image', 'Target', 'Alt', 'Slots', 'Countries', 'Active', 'Impressions', 'Clicks', 'CTR', <span className="ad-sr-only">Actions</span>]} />
            <tbody>
              {inventory.map((ad) => (
                <AdRow key={ad.id} ad={ad} onEdit={() => setEditor({ mode: 'edit', ad })} onDelete={() => setDeleting(ad)} />
              ))}
            </tbody>
          </table>
        )}
      </AdminList>

      <DeleteAdDialog ad={deleting} onClose={() => setDeleting(null)} />
    </article>
  );
}

function AdRow({ ad, onEdit, onDelete }: { ad: Ad; onEdit: () => void; onDelete: () => void }) {
  const { toast } = useToast();
  const update = useUpdateAd();
  const label = ad.alt || ad.targetUrl;

  const toggleActive = () => {
    const active = !ad.active;
    // mutateAsync: the outcome is told even if a 401 has locked the page meanwhile.
    update.mutateAsync({ id: ad.id, patch: { active } }).then(
      () =>
        toast(
          active
            ? { title: 'Ad Activated', description: 'The advertisement is now being served.' }
            : { title: 'Ad Deactivated', description: 'The advertisement is no longer served.' },
        ),
      (err: unknown) => toast({ title: 'Update Failed', description: errorMessage(err), variant: 'destructive' }),
    );
  };

  return (
    <tr aria-label={label}>
      <td data-label="Image">
        <Thumbnail src={ad.imageUrl} name={label} className="ad-thumb" letterClassName="ad-thumb-letter" width={96} height={48} />
      </td>
      <td data-label="Target">
        <a href={ad.targetUrl} target="_blank" rel="noopener noreferrer">
          {ad.targetUrl}
        </a>
      </td>
      <td data-label="Alt">{ad.alt || <span className="muted">None</span>}</td>
      <td data-label="Slots">{slotsLabel(ad.slots)}</td>
      <td data-label="Countries">{countriesLabel(ad.countries)}</td>
      <td data-label="Active">
        <span className={`ad-status ${ad.active ? 'ad-status-on' : 'ad-status-off'}`}>{ad.active ? 'Active' : 'Inactive'}</span>
      </td>
      <td data-label="Impressions">{ad.impressions}</td>
      <td data-label="Clicks">{ad.clicks}</td>
      <td data-label="CTR">{clickThroughRate(ad.impressions, ad.clicks)}</td>
      <td data-label="Actions" className="ad-actions">
        <button type="button" className="outline" onClick={onEdit}>
          Edit
        </button>
        <button type="button" className="outline secondary" onClick={toggleActive} disabled={update.isPending} aria-busy={update.isPending}>
          {ad.active ? 'Deactivate' : 'Activate'}
        </button>
        <button type="button" className="outline ad-delete" onClick={onDelete}>
          Delete
        </button>
      </td>
    </tr>
  );
}

/** Asks before deleting: the ad and its counts go for good. */
function DeleteAdDialog({ ad, onClose }: { ad: Ad | null; onClose: () => void }) {
  const { toast } = useToast();
  const remove = useDeleteAd();
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    if (ad) dialog.current?.showModal();
    else dialog.current?.close();
  }, [ad]);

  const confirm = () => {
    if (!ad) return;
    remove.mutateAsync(ad.id).then(
      () => {
        toast({ title: 'Ad Deleted', description: 'The advertisement has been removed.' });
        onClose();
      },
      (err: unknown) => toast({ title: 'Delete Failed', description: errorMessage(err), variant: 'destructive' }),
    );
  };

  return (
    <dialog ref={dialog} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} onClose={onClose}>
      <article>
        <h3 id={`${id}-title`}>Delete Advertisement?</h3>
        <p id={`${id}-text`}>
          {ad ? <strong>{ad.alt || ad.targetUrl}</strong> : null} and its impression and click counts will be removed. This cannot be undone.
        </p>
        <footer className="ad-dialog-actions">
          <button type="button" className="secondary" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </button>
          <button type="button" className="ad-delete-confirm" onClick={confirm} disabled={remove.isPending} aria-busy={remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </button>
        </footer>
      </article>
    </dialog>
  );
}
