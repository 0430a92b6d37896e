import { Link } from '@tanstack/react-router';
import type { Artist, SocialKey } from '../../../domain/artists';
import { findCountry } from '../../../domain/countries';
import { useLowData } from '../../lib/low-data';
import './artists.css';
import { Flag } from '../../components/flag';
import { CardList } from '../../components/card-list';

export const SOCIAL_LABELS: Record<SocialKey, string> = {
  instagram: 'Instagram',
  spotify: 'Spotify',
  youtube: 'YouTube',
  soundcloud: 'SoundCloud',
};

/** The card links to three of the four; the profile page adds SoundCloud (docs/product.md#screens). */
const CARD_SOCIALS = ['instagram', 'spotify', 'youtube'] as const satisfies readonly SocialKey[];

export function initialOf(name: string): string {
  // The first letter, not the first UTF-16 unit: keeps accented or astral letters whole.
  const first = Array.from(name.trim())[0];
  return first ? first.toLocaleUpperCase() : '?';
}

/**
 * Photo, or the first letter of the name on a coloured disc. Low Data Mode always shows
 * the letter, so no image byte is fetched (docs/product.md).
 */
export function ArtistPhoto({ artist, size }: { artist: Pick<Artist, 'name' | 'photoUrl'>; size: 'card' | 'profile' }) {
  const [lowData] = useLowData();
  if (artist.photoUrl && !lowData) {
    const px = size === 'card' ? 320 : 480;
    return (
      <img
        className={`artist-photo artist-photo-${size}`}
        src={artist.photoUrl}
        alt={`Photo of ${artist.name}`}
        width={px}
        height={px}
        loading={size === 'card' ? 'lazy' : 'eager'}
        decoding="async"
      />
    );
  }
  return (
    <div className={`artist-photo artist-photo-${size} artist-initial`} role="img" aria-label={artist.name} data-testid="artist-initial">
      <span aria-hidden="true">{initialOf(artist.name)}</span>
    </div>
  );
}

export function CountryBadge({ code }: { code: string }) {
  const country = findCountry(code);
  if (!country) return null;
  return (
    <span className="badge country-badge">
      <Flag code={country.code} /> {country.name}
    </span>
  );
}

export function FeaturedBadge() {
  return <span className="badge featured-badge">Featured</span>;
}

export function SocialLinks({ artist, keys }: { artist: Pick<Artist, 'name' | 'socials'>; keys: readonly SocialKey[] }) {
  const links = keys.filter((k) => artist.socials[k]);
  if (links.length === 0) return null;
  return (
    <ul className="social-links" aria-label={`${artist.name} elsewhere`}>
      {links.map((k) => (
        <li key={k}>
          <a href={artist.socials[k]} target="_blank" rel="noopener noreferrer" className={`social-link social-${k}`}>
            {SOCIAL_LABELS[k]}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** docs/product.md#screens 'Artist card'. */
export function ArtistCard({ artist }: { artist: Artist }) {
  const headingId = `artist-card-${artist.id}`;
  return (
    <article className="artist-card" aria-labelledby={headingId} data-testid="artist-card">
      <ArtistPhoto artist={artist} size="card" />
      <div className="artist-card-body">
        <div className="badges">
          <CountryBadge code={artist.countryCode} />
          {artist.featured && <FeaturedBadge />}
        </div>
        <h3 id={headingId} className="artist-name">
          {artist.name}
        </h3>
        <p className="artist-bio clamp-2">{artist.bio}</p>
        <SocialLinks artist={artist} keys={CARD_SOCIALS} />
        <Link to="/artists/$id" params={{ id: artist.id }} className="view-profile" aria-label={`View Profile of ${artist.name}`}>
          View Profile
        </Link>
      </div>
    </article>
  );
}

/** A responsive grid of cards. */
export function ArtistGrid({ artists, label }: { artists: readonly Artist[]; label?: string }) {
  return <CardList items={artists} className="artist-grid" label={label} card={(a) => <ArtistCard artist={a} />} />;
}
