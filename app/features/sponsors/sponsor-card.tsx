import { isHttpUrl } from '../../../domain/fields';
import { useLowData } from '../../lib/low-data';
import type { PublicSponsor } from './api';

export function SponsorCard({ sponsor }: { sponsor: PublicSponsor }) {
  const [lowData] = useLowData();
  const logo = !lowData && sponsor.imageUrl ? sponsor.imageUrl : null;
  const link = sponsor.targetUrl && isHttpUrl(sponsor.targetUrl) ? sponsor.targetUrl : null;
  return (
    <article className="sponsor-card">
      {logo ? (
        <img className="sponsor-logo" src={logo} alt={`${sponsor.name} logo`} width={96} height={96} loading="lazy" decoding="async" />
      ) : (
        <span className="sponsor-initial" aria-hidden="true">
          {sponsor.name.trim().charAt(0).toUpperCase() || '?'}
        </span>
      )}
      <h3 className="sponsor-name">{sponsor.name}</h3>
      {link && (
        <a className="sponsor-link" href={link} target="_blank" rel="noopener">
          Visit {sponsor.name}
        </a>
      )}
    </article>
  );
}
