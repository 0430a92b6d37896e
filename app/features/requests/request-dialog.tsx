import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { MAX_MESSAGE, MAX_NAME } from '../../../domain/requests';
import { useToast } from '../../components/toasts';
import { sendRequest, songsQuery, type SongRequestInput } from './api';
import '../../components/form/search-input.scss';
import './requests.css';

const ANOTHER = 'another';
const NAME_KEY = 'radio-request-name';

const keptName = () => {
  try {
    return localStorage.getItem(NAME_KEY) ?? '';
  } catch {
    return '';
  }
};

/**
 * 'Request a song' (docs/product.md "Requests"): a searchable list of what can be requested,
 * or 'Another song' typed in, an optional dedication ('For', 'Message' ≤ 140), 'Send Request'.
 * A refusal shows the server's own words (one per 10 minutes, the word list, AzuraCast's).
 */
export default function RequestDialog({ onClose }: { onClose: () => void }) {
  const { toast } = useToast();
  const [q, setQ] = useState('');
  const [picked, setPicked] = useState<string>('');
  const [title, setTitle] = useState('');
  const [artist, setArtist] = useState('');
  const [name, setName] = useState(keptName);
  const [forWhom, setForWhom] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // One key per request being written: a retry of the same send is the same request.
  const idempotencyKey = useRef<string>(crypto.randomUUID());
  const songs = useQuery(songsQuery(q.trim()));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const input: SongRequestInput = picked === ANOTHER ? { title: title.trim(), artist: artist.trim() } : { songId: picked };
    if (name.trim()) input.name = name.trim();
    if (forWhom.trim()) input.for = forWhom.trim();
    if (message.trim()) input.message = message.trim();
    setSending(true);
    try {
      await sendRequest(input, idempotencyKey.current);
      try {
        localStorage.setItem(NAME_KEY, name.trim());
      } catch {
        // not kept: asked again next time
      }
      toast({ title: 'Request received' });
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      idempotencyKey.current = crypto.randomUUID();
    } finally {
      setSending(false);
    }
  }

  const ready = picked === ANOTHER ? title.trim() !== '' && artist.trim() !== '' : picked !== '';
  return (
    <section className="request-dialog" role="dialog" aria-labelledby="request-heading">
      <h2 id="request-heading">Request a song</h2>
      <form onSubmit={submit}>
        <label>
          Search songs
          <input type="search" value={q} onChange={(e) => setQ(e.target.value)} autoComplete="off" />
        </label>
        <fieldset className="request-songs">
          <legend className="visually-hidden">Songs</legend>
          {songs.isPending && <p className="muted">Loading…</p>}
          {songs.isError && <p role="alert">{songs.error.message}</p>}
          {songs.data?.map((song) => (
            <label key={song.id}>
              <input type="radio" name="song" value={song.id} checked={picked === song.id} onChange={() => setPicked(song.id)} />
              <span>
                <strong>{song.title}</strong> <span className="muted">{song.artist}</span>
              </span>
            </label>
          ))}
          {songs.data?.length === 0 && <p className="muted">No songs match.</p>}
          <label>
            <input type="radio" name="song" value={ANOTHER} checked={picked === ANOTHER} onChange={() => setPicked(ANOTHER)} />
            <span>Another song</span>
          </label>
        </fieldset>
        {picked === ANOTHER && (
          <div className="request-another">
            <label>
              Title
              <input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={160} required />
            </label>
            <label>
              Artist
              <input value={artist} onChange={(e) => setArtist(e.target.value)} maxLength={120} required />
            </label>
          </div>
        )}
        <label>
          Your name
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={MAX_NAME} autoComplete="nickname" />
        </label>
        <label>
          For
          <input value={forWhom} onChange={(e) => setForWhom(e.target.value)} maxLength={MAX_NAME} />
        </label>
        <label>
          Message
          <textarea value={message} onChange={(e) => setMessage(e.target.value)} maxLength={MAX_MESSAGE} rows={2} />
          <small className="muted">
            {message.length}/{MAX_MESSAGE}
          </small>
        </label>
        {error && (
          <p role="alert" className="request-error">
            {error}
          </p>
        )}
        <div className="request-actions">
          <button type="submit" disabled={!ready || sending} aria-busy={sending}>
            Send Request
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
