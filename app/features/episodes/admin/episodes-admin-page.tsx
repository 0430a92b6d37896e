import { useQuery } from '@tanstack/react-query';
import { formatBytes, formatDuration, type Episode } from '../../../../domain/episodes';
import type { Show } from '../../../../domain/shows';
import { failureMessage } from '../../../components/form/failure';
import { AdminListPage } from '../../../components/admin-list-page';
import { useToast } from '../../../components/toasts';
import { adminEpisodesQuery, useRemoveEpisode, useSetEpisodeStatus } from '../api';
import { adminShowsQuery } from '../../schedule/api';
import { EpisodeForm } from './episode-form';
import './admin-episodes.css';

/** '/admin/episodes' (docs/product.md "Recorded shows"): upload, edit, publish and delete episodes. */
export function EpisodesAdminPage() {
  const episodes = useQuery(adminEpisodesQuery());
  const shows = useQuery(adminShowsQuery());
  const showList = shows.data ?? [];

  return (
    <AdminListPage
      className="admin-episodes"
      headingId="episodes-admin-heading"
      title="Episodes"
      description="Listen Again: upload a sermon or an interview, publish recorded shows."
      addLabel="Upload Episode"
      query={episodes}
      emptyTitle="No Episodes Yet"
      emptyText="Upload the first one; once published it is on Listen Again and in the podcast feed."
      listLabel="Episodes"
      form={(episode, onDone) => <EpisodeForm episode={episode} shows={showList} onDone={onDone} />}
      row={(episode, onEdit) => <EpisodeItem episode={episode} shows={showList} onEdit={onEdit} />}
    />
  );
}

function EpisodeItem({ episode, shows, onEdit }: { episode: Episode; shows: readonly Show[]; onEdit: () => void }) {
  const { toast } = useToast();
  const remove = useRemoveEpisode();
  const setStatus = useSetEpisodeStatus();
  const show = shows.find((s) => s.id === episode.showId);
  const published = episode.status === 'published';

  const onRemove = () => {
    if (!window.confirm(`Delete "${episode.title}"? Its audio files are deleted too.`)) return;
    remove.mutateAsync(episode.id).then(
      () => toast({ title: 'Episode Deleted', description: `"${episode.title}" is gone.` }),
      (err: unknown) => toast({ title: 'Delete Failed', description: failureMessage(err), variant: 'destructive' }),
    );
  };
  const onPublish = () => {
    setStatus.mutateAsync({ id: episode.id, status: published ? 'draft' : 'published' }).then(
      (saved) => toast(saved.status === 'published' ? { title: 'Episode Published', description: `"${saved.title}" is on Listen Again.` } : { title: 'Episode Unpublished', description: `"${saved.title}" is a draft again.` }),
      (err: unknown) => toast({ title: 'Change Failed', description: failureMessage(err), variant: 'destructive' }),
    );
  };

  return (
    <article className="admin-list-row" data-testid="admin-episode">
      <h2 className="admin-list-row-title">{episode.title}</h2>
      <p className="admin-list-row-when">
        <span className={`badge ${published ? '' : 'draft-badge'}`}>{published ? 'Published' : 'Draft'}</span> {show ? `${show.title} · ` : ''}
        {formatDuration(episode.durationSeconds)} · {formatBytes(episode.bytes)}
        {episode.source === 'recording' ? ' · recorded' : ''}
      </p>
      <p className="muted">{episode.lowDataUrl ? `Low-data copy ready (${formatBytes(episode.lowDataBytes ?? 0)})` : 'Low-data copy being made…'}</p>
      {episode.description && <p className="admin-list-row-description">{episode.description}</p>}
      <div className="admin-list-row-actions">
        <button type="button" onClick={onPublish} disabled={setStatus.isPending} aria-label={`${published ? 'Unpublish' : 'Publish'}: ${episode.title}`}>
          {published ? 'Unpublish' : 'Publish'}
        </button>
        <button type="button" className="secondary" onClick={onEdit} aria-label={`Edit: ${episode.title}`}>
          Edit
        </button>
        <button type="button" className="secondary outline" onClick={onRemove} disabled={remove.isPending} aria-label={`Delete: ${episode.title}`}>
          Delete
        </button>
      </div>
    </article>
  );
}
