import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useDeferredValue, useMemo } from 'react';
import type { Artist } from '../../../domain/artists';
import { COUNTRIES, findCountry } from '../../../domain/countries';
import { AdSlot } from '../ads/ad-slot';
import { EmptyState, ErrorState, Placeholders } from '../../components/states';
import { useSelectedCountry } from '../../lib/selected-country';
import { ArtistGrid } from './artist-card';
import { FEATURED_LIMIT, RISING_LIMIT, artistsOfCountry, featuredFromGuyana, risingNow } from './artist-filters';
import { approvedArtistsQuery } from './api';
import './artists.css';
import { Flag } from '../../components/flag';

export function ArtistsLanding() {
  const query = useQuery(approvedArtistsQuery());
  // The answer's arrival is a synchronous render; the two grids of cards are drawn in a
  // background one instead (placeholders meanwhile), in slices a slow phone can answer taps
  // between (issue 7: total blocking time).
  const data = useDeferredValue(query.data);
  const artists = { ...query, data, isPending: query.isPending || (data === undefined && !query.isLoadingError) };
  const featured = useMemo(() => featuredFromGuyana(data ?? []), [data]);
  const rising = useMemo(() => risingNow(data ?? []), [data]);

  return (
    <div className="artists-page artists-landing">
      <section className="artists-hero" aria-labelledby="artists-hero-title">
        <h1 id="artists-hero-title">Caribbean Artists</h1>
        <p>Discover singers, bands and producers from eleven Caribbean countries, and get your own music on the air.</p>
        <Link to="/artists/submit" className="button-link">
          Submit Your Music
        </Link>
      </section>

      <AdSlot slot="artists" />

      <CountryChips artists={artists.data} />

      <ArtistSection id="featured" title="Featured Artists from Guyana" count={FEATURED_LIMIT} query={artists} list={featured} empty="No featured artists from Guyana yet." seeAll={{ from: 'GY' }} />
      <ArtistSection id="rising" title="Rising Now" count={RISING_LIMIT} query={artists} list={rising} empty="No rising artists yet." />

      <section className="artists-cta" aria-labelledby="artists-cta-title">
        <h2 id="artists-cta-title">Share your music with the Caribbean</h2>
        <p>Send us your best original track. Approved artists get a profile, a place in the directory and a chance at airplay.</p>
        <div className="button-row">
          <Link to="/artists/submit" className="button-link">
            Start Your Submission
          </Link>
          <Link to="/artists/directory" className="button-link secondary">
            Browse Artist Directory
          </Link>
        </div>
      </section>
    </div>
  );
}

function ArtistSection(props: {
  id: string;
  title: string;
  count: number;
  query: { isPending: boolean; isLoadingError: boolean; error: unknown; refetch: () => unknown };
  list: Artist[];
  empty: string;
  seeAll?: { from: string };
}) {
  const { id, title, count, query, list, empty, seeAll } = props;
  return (
    <section aria-labelledby={`${id}-title`} data-testid={`section-${id}`}>
      <div className="section-head">
        <h2 id={`${id}-title`}>{title}</h2>
        <Link to="/artists/directory" search={seeAll ?? {}} aria-label={`See all: ${title}`}>
          See all
        </Link>
      </div>
      {query.isLoadingError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Placeholders count={count} />
      ) : list.length === 0 ? (
        <EmptyState title={empty} />
      ) : (
        <ArtistGrid artists={list} label={title} />
      )}
    </section>
  );
}

/**
 * The country chip row: picking a chip selects the listener's country (saved, and in
 * ?country=, as everywhere) and offers that country's page.
 */
function CountryChips({ artists }: { artists: Artist[] | undefined }) {
  const [selected, select] = useSelectedCountry();
  const country = findCountry(selected) ?? COUNTRIES[0];
  const count = artists ? artistsOfCountry(artists, country.code).length : null;
  return (
    <section aria-labelledby="chips-title">
      <h2 id="chips-title">Browse by Country</h2>
      <ul className="chip-row" aria-label="Countries">
        {COUNTRIES.map((c) => (
          <li key={c.code}>
            <button type="button" className="chip" aria-pressed={c.code === selected} onClick={() => select(c.code)}>
              <Flag code={c.code} /> {c.name}
            </button>
          </li>
        ))}
      </ul>
      <p className="chip-summary">
        <span>
          <Flag code={country.code} /> {country.name}
          {count !== null && ` · ${count} ${count === 1 ? 'artist' : 'artists'}`}
        </span>
        <Link to="/country" search={{ country: country.code }}>
          See artists from {country.name}
        </Link>
      </p>
    </section>
  );
}
