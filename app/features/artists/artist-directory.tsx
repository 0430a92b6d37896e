import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { GENRES } from '../../../domain/catalog';
import { AdSlot } from '../ads/ad-slot';
import { EmptyState, ErrorState, Placeholders } from '../../components/states';
import { ArtistGrid } from './artist-card';
import { ALL, filterArtists, isFiltered, type DirectoryFilter } from './artist-filters';
import { approvedArtistsQuery } from './api';
import { tracksQuery } from '../tracks/api';
import { useDebouncedValue } from './use-debounced-value';
import { pageLocation } from '../../lib/page-location';
import { useFormTakeOver } from '../../lib/player/first-tap/taps-later';
import '../../components/form/search-input.scss';
import './artists.css';
import { CountryOptions, TextOptions } from '../../components/form/options';

export const DIRECTORY_PLACEHOLDERS = 12;
export const SEARCH_DEBOUNCE_MS = 300;
/** The directory's own parameters; any other (the tenant, the listener's country) rides along. */
const FILTER_PARAMS = new Set(['q', 'from', 'genre']);

/** The page's other parameters as hidden fields, so a form the browser submits keeps them. */
function KeptParams() {
  return [...new URLSearchParams(pageLocation().search)]
    .filter(([name]) => !FILTER_PARAMS.has(name))
    .map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

export function ArtistDirectory() {
  const search = useSearch({ from: '/artists/directory' });
  const navigate = useNavigate({ from: '/artists/directory' });
  const artists = useQuery(approvedArtistsQuery());
  const tracks = useQuery(tracksQuery());
  const ids = { q: useId(), country: useId(), genre: useId(), clear: useId() };
  const form = useRef<HTMLFormElement>(null);

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

  // The server renders this page (docs/server-render.md): a listener can type or pick before the
  // app has hydrated the form, and React keeps what the fields hold rather than its own state
  // (issue 29, "form fields keep what was typed or picked"). Adopted once, as if just typed.
  useFormTakeOver(form, (fields) => {
    const q = String(fields.get('q') ?? '');
    // A disabled select (genres while the tracks failed) is not in the form: it keeps its value.
    const from = String(fields.get('from') ?? filter.country);
    const genre = String(fields.get('genre') ?? filter.genre);
    if (q !== typed) setTyped(q);
    if (from !== filter.country || genre !== filter.genre)
      void navigate({ search: (prev) => ({ ...prev, from: from === ALL ? undefined : from, genre: genre === ALL ? undefined : genre }), replace: true });
  });

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

      {/* Before the app starts, the form is the browser's: Enter asks the server for the filtered page. */}
      <form ref={form} className="filter-panel" aria-label="Filter artists" method="get" action="/artists/directory" onSubmit={(e) => e.preventDefault()}>
        <KeptParams />
        <label htmlFor={ids.q} className="filter-search">
          Search
          <input id={ids.q} type="search" name="q" placeholder="Name or bio" autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </label>
        <label htmlFor={ids.country}>
          Country
          <select id={ids.country} name="from" value={filter.country} onChange={(e) => setSelect('from', e.target.value)}>
            <option value={ALL}>All Countries</option>
            <CountryOptions />
          </select>
        </label>
        <label htmlFor={ids.genre}>
          Genre
          <select id={ids.genre} name="genre" value={filter.genre} onChange={(e) => setSelect('genre', e.target.value)} disabled={tracks.isLoadingError}>
            <option value={ALL}>All Genres</option>
            <TextOptions values={GENRES} />
          </select>
        </label>
        {/* Before the app starts it submits the empty form below: the unfiltered page. */}
        <button
          type="submit"
          form={ids.clear}
          className="secondary outline"
          onClick={(e) => {
            e.preventDefault();
            clear();
          }}
          disabled={!isFiltered(filter) && typed === ''}
        >
          Clear Filters
        </button>
      </form>
      <form id={ids.clear} method="get" action="/artists/directory" hidden>
        <KeptParams />
      </form>
      {tracks.isLoadingError && <p className="muted">Genres can't be checked right now, so the genre filter is off.</p>}

      {artists.isLoadingError ? (
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
