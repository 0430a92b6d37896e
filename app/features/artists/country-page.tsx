import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useRef } from 'react';
import { COUNTRIES, findCountry } from '../../../domain/countries';
import { EmptyState, ErrorState, Placeholders } from '../../components/states';
import { useSelectedCountry } from '../../lib/selected-country';
import { ArtistGrid } from './artist-card';
import { artistsOfCountry } from './artist-filters';
import { approvedArtistsQuery } from './api';
import './artists.css';
import { Flag } from '../../components/flag';
import { CountryOptions } from '../../components/form/options';

export const COUNTRY_PLACEHOLDERS = 8;

export function CountryPage() {
  const [code, select] = useSelectedCountry();
  const country = findCountry(code) ?? COUNTRIES[0];
  const artists = useQuery(approvedArtistsQuery());
  const list = useMemo(() => artistsOfCountry(artists.data ?? [], country.code), [artists.data, country.code]);
  const pickerId = useId();
  // The server renders this page (docs/server-render.md): a country picked before the app had
  // hydrated the picker is what the picker holds, not what React drew; adopted once (issue 29).
  const picker = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    const picked = picker.current?.value;
    if (picked && picked !== code) select(picked);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="artists-page country-page">
      <header className="country-head">
        <h1>
          <Flag code={country.code} className="flag country-flag" /> {country.name}
        </h1>
        <label htmlFor={pickerId} className="country-picker">
          Choose a country
          <select ref={picker} id={pickerId} value={country.code} onChange={(e) => select(e.target.value)}>
            <CountryOptions />
          </select>
        </label>
      </header>

      <section aria-labelledby="country-artists-title">
        <h2 id="country-artists-title">Artists from {country.name}</h2>
        {artists.isLoadingError ? (
          <ErrorState error={artists.error} onRetry={() => void artists.refetch()} />
        ) : artists.isPending ? (
          <Placeholders count={COUNTRY_PLACEHOLDERS} />
        ) : list.length === 0 ? (
          <EmptyState title="No Artists Yet">
            <p>No approved artists from {country.name} yet. Be the first!</p>
            <Link to="/artists/submit" className="button-link">
              Submit Your Music
            </Link>
          </EmptyState>
        ) : (
          <>
            <p className="muted" role="status">
              {list.length} {list.length === 1 ? 'artist' : 'artists'} from {country.name}
            </p>
            <ArtistGrid artists={list} label={`Artists from ${country.name}`} />
          </>
        )}
      </section>
    </div>
  );
}
