import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { isHttpUrl } from '../../../domain/fields';
import { Placeholders } from '../../components/states';
import { QueryList } from '../../components/query-list';
import { CardList } from '../../components/card-list';
import { useSettings } from '../settings/api';
import { SponsorCard } from './sponsor-card';
import { groupSponsors } from './sponsor-tiers';
import { activeSponsorsQuery } from './api';
import './sponsors.css';

export const SPONSOR_PLACEHOLDERS = 6;

export function SponsorsPage() {
  const sponsors = useQuery(activeSponsorsQuery());

  return (
    <div className="sponsors-page">
      <header>
        <h1>Our Sponsors</h1>
        <p className="muted">The businesses and friends who keep the music playing.</p>
      </header>
      <QueryList
        query={sponsors}
        items={sponsors.data && groupSponsors(sponsors.data)}
        loading={<Placeholders count={SPONSOR_PLACEHOLDERS} />}
        emptyTitle="No Sponsors Yet"
        emptyText="Be the first to support the station."
      >
        {(groups) =>
          groups.map((g) => (
            <section key={g.tier} className={`sponsor-group sponsor-group-${g.tier}`} aria-labelledby={`sponsor-group-${g.tier}`}>
              <h2 id={`sponsor-group-${g.tier}`}>{g.title}</h2>
              <CardList items={g.sponsors} className="sponsor-grid" card={(s) => <SponsorCard sponsor={s} />} />
            </section>
          ))
        }
      </QueryList>
      <BecomeASponsor />
    </div>
  );
}

/** docs/product.md#screens: the tenant's external sponsor page when configured, else our own form. */
function BecomeASponsor() {
  const settings = useSettings();
  const external = settings.data?.sponsorUrl && isHttpUrl(settings.data.sponsorUrl) ? settings.data.sponsorUrl : null;
  return (
    <section className="sponsor-cta" aria-labelledby="sponsor-cta-heading">
      <h2 id="sponsor-cta-heading">Partner With Us</h2>
      <p>Reach listeners across the Caribbean and support independent Caribbean music.</p>
      {external ? (
        <a href={external} className="cta-link" target="_blank" rel="noopener">
          Become a Sponsor
        </a>
      ) : (
        <Link to="/sponsors/submit" className="cta-link">
          Become a Sponsor
        </Link>
      )}
    </section>
  );
}
