import { Check, Download, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { episodeFile, formatBytes, type Episode } from '../../../domain/episodes';
import { EpisodeRow } from './episode-row';
import { useLowData } from '../../lib/low-data';
import {
  askPersistentStorage,
  cancelDownload,
  freeQuota,
  onCellular,
  removeDownload,
  saveEpisode,
  savedBytes,
  useDownloads,
  useSavedEpisodes,
} from '../../lib/offline/episode-downloads';
import '../../components/upload-progress.scss';

const percent = (received: number, total: number) => (total > 0 ? Math.min(100, Math.floor((received / total) * 100)) : 0);

/** A note about storage, shown once under the list after the first save (refused persistence, short quota). */
let storageNote: string | null = null;
const noteListeners = new Set<() => void>();
function setStorageNote(note: string | null) {
  storageNote = note;
  noteListeners.forEach((l) => l());
}

/**
 * 'Save for offline (14 MB)' (docs/product.md "Saved for offline"): the low-data rendition in
 * Low Data Mode; progress while it downloads (and 'Waiting for a connection' when the signal
 * drops: it resumes by itself); asks first on a phone network.
 */
export function SaveForOffline({ episode }: { episode: Episode }) {
  const saved = useSavedEpisodes();
  const downloads = useDownloads();
  const [lowData] = useLowData();
  const [asking, setAsking] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const file = episodeFile(episode, lowData);
  const progress = downloads[episode.id];

  useEffect(() => {
    if (asking) dialog.current?.showModal();
    else dialog.current?.close();
  }, [asking]);

  async function start() {
    setAsking(false);
    const first = Object.keys(saved).length === 0;
    const free = await freeQuota();
    if (free !== null && free < file.bytes) {
      setStorageNote(`There is not enough space on this device to save this episode (${formatBytes(free)} free).`);
      return;
    }
    if (first) {
      const outcome = await askPersistentStorage();
      setStorageNote(outcome === 'refused' ? 'Your browser did not promise to keep saved episodes: it may remove them when the phone runs low on space.' : null);
    }
    void saveEpisode(episode, null, lowData);
  }

  if (saved[episode.id]) {
    return (
      <span className="saved-badge muted">
        <Check size={16} aria-hidden="true" /> Saved for offline
      </span>
    );
  }
  if (progress && progress.status !== 'failed') {
    const p = percent(progress.received, progress.total);
    return (
      <div className="episode-progress" role="status">
        <progress value={p} max={100} aria-label={`Saving ${episode.title}`} />
        <small>
          {progress.status === 'waiting' ? `Waiting for a connection… ${p}%` : `Saving… ${p}% of ${formatBytes(progress.total)}`}{' '}
          <button type="button" className="outline secondary" onClick={() => cancelDownload(episode.id)}>
            Cancel
          </button>
        </small>
      </div>
    );
  }
  return (
    <>
      <button
        type="button"
        className="outline"
        aria-label={`${progress?.status === 'failed' ? 'Try again' : `Save for offline (${formatBytes(file.bytes)})`}: ${episode.title}`}
        onClick={() => (onCellular() ? setAsking(true) : void start())}
      >
        <Download size={18} aria-hidden="true" /> {progress?.status === 'failed' ? 'Try again' : `Save for offline (${formatBytes(file.bytes)})`}
      </button>
      {progress?.status === 'failed' && (
        <small className="error-text" role="alert">
          {progress.message}
        </small>
      )}
      <dialog ref={dialog} onClose={() => setAsking(false)} aria-labelledby={`cellular-${episode.id}`}>
        <article>
          <h3 id={`cellular-${episode.id}`}>Download on mobile data?</h3>
          <p>
            {episode.title} is {formatBytes(file.bytes)}. You seem to be on mobile data, which may cost you.
          </p>
          <footer>
            <button type="button" className="secondary" onClick={() => setAsking(false)}>
              Not now
            </button>
            <button type="button" onClick={() => void start()}>
              Download
            </button>
          </footer>
        </article>
      </dialog>
    </>
  );
}

/** 'Saved for offline' on /episodes: what this phone holds, the space it takes, 'Remove download'. */
export function SavedForOffline({ titles, artwork }: { titles: ReadonlyMap<string, string>; artwork: string | null }) {
  const saved = useSavedEpisodes();
  const [, redraw] = useState(0);
  useEffect(() => {
    const l = () => redraw((n) => n + 1);
    noteListeners.add(l);
    return () => void noteListeners.delete(l);
  }, []);
  const list = Object.values(saved).sort((a, b) => b.savedAt.localeCompare(a.savedAt));
  return (
    <section className="saved-offline" aria-labelledby="saved-offline-heading">
      <h2 id="saved-offline-heading">Saved for offline</h2>
      {storageNote && (
        <p className="storage-note" role="status">
          {storageNote}
        </p>
      )}
      {list.length === 0 ? (
        <p className="muted">Nothing saved yet. Saved episodes play with no connection at all.</p>
      ) : (
        <>
          <p data-testid="space-used">Space used: {formatBytes(savedBytes(saved))}</p>
          <ul className="episode-list">
            {list.map((s) => (
              <li key={s.episode.id}>
                <EpisodeRow episode={s.episode} showTitle={s.showTitle ?? (s.episode.showId ? (titles.get(s.episode.showId) ?? null) : null)} artwork={artwork}>
                  <button type="button" className="outline secondary" aria-label={`Remove download: ${s.episode.title}`} onClick={() => void removeDownload(s.episode.id)}>
                    <Trash2 size={18} aria-hidden="true" /> Remove download
                  </button>
                </EpisodeRow>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
