import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { GENRES } from '../../../domain/catalog';
import { COUNTRIES } from '../../../domain/countries';
import { AdSlot } from '../../components/ad-slot';
import { EmptyState, ErrorState, Placeholders } from '../../components/states';
import { ArtistGrid } from './artist-card';
import { ALL, filterArtists, isFiltered, type DirectoryFilter } from './artist-filters';
import { approvedArtistsQuery } from '../../api/artists';
import { tracksQuery } from '../../api/tracks';
import { useDebouncedValue } from './use-debounced-value';
import './artists.css';

export const DIRECTORY_PLACEHOLDERS = 12;
export const SEARCH_DEBOUNCE_MS = 300;

export function ArtistDirectory() {
  const search = useSearch({ from: '/artists/directory' });
  const navigate = useNavigate({ from: '/artists/directory' });
  const artists = useQuery(approvedArtistsQuery());
  const tracks = useQuery(tracksQuery());
  const ids = { q: useId(), country: useId(), genre: useId() };

  const filter: DirectoryFilter = { q: search.q ?? '', country: search.from ?? ALL, genre: search.genre ?? ALL };

  // The box shows every keystroke; the list follows 300 ms after the last one.
  const [typed, setTyped] = useState(filter.q);
  const debounced = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const written = useRef(filter.q);
  useEffect(() => {
    if (debounced === written.current) return;
    written.current = debounced;
    void navigate({ search: (prev) => ({ ...prev, q: debounced.trim() ? debounced : undefined }), replace: true });
  }, [debounced, navigate]);
  // Back/forward (or a link) changed q under us: show it in the box.
  useEffect(() => {
    if (filter.q === written.current) return;
    written.current = filter.q;
    setTyped(filter.q);
  }, [filter.q]);

  const setSelect = (key: 'from' | 'genre', value: string) =>
    void navigate({ search: (prev) => ({ ...prev, [key]: value === ALL ? undefined : value }), replace: true });

  const clear = () => {
    written.current = '';
    setTyped('');
    void navigate({ search: (prev) => ({ ...prev, q: undefined, from: undefined, genre: undefined }), replace: true });
  };

  const shown = useMemo(
    () => (artists.data ? filterArtists(artists.data, tracks.data ?? [], filter) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [artists.data, tracks.data, filter.q, filter.country, filter.genre],
  );

  return (
    <div className="artists-page artist-directory">
      <header>
        <h1>Artist Directory</h1>
        <p className="muted">Approved artists from eleven Caribbean countries.</p>
      </header>

      <form className="filter-panel" aria-label="Filter artists" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={ids.q} className="filter-search">
          Search
          <input id={ids.q} type="search" name="q" placeholder="Name or bio" autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </label>
        <label htmlFor={ids.country}>
          Country
          <select id={ids.country} name="from" value={filter.country} onChange={(e) => setSelect('from', e.target.value)}>
            <option value={ALL}>All Countries</option>
            {COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.genre}>
          Genre
          <select id={ids.genre} name="genre" value={filter.genre} onChange={(e) => setSelect('genre', e.target.value)} disabled={tracks.isError}>
            <option value={ALL}>All Genres</option>
            {GENRES.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="secondary outline" onClick={clear} disabled={!isFiltered(filter) && typed === ''}>
          Clear Filters
        </button>
      </form>
      {tracks.isError && <p className="muted">Genres can't be checked right now, so the genre filter is off.</p>}

      {artists.isError ? (
        <ErrorState error={artists.error} onRetry={() => void Promise.all([artists.refetch(), tracks.refetch()])} />
      ) : artists.isPending || tracks.isPending ? (
        <Placeholders count={DIRECTORY_PLACEHOLDERS} />
      ) : (
        <>
          <p className="result-count" role="status" aria-live="polite">
            Showing {shown.length} of {artists.data.length} artists
          </p>
          {shown.length === 0 ? (
            <EmptyState title="No Artists Found">
              <p>Try another search or filter, or put your own music here.</p>
              <Link to="/artists/submit" className="button-link">
                Submit Your Music
              </Link>
            </EmptyState>
          ) : (
            <ArtistGrid artists={shown} label="Artists" />
          )}
        </>
      )}

      {/* After the list: on a phone the filters already fill the first screen. */}
      <AdSlot slot="directory" />
    </div>
  );
}
