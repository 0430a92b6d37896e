import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { builtInLogoUrl } from '../../../domain/tenants';
import { latestEpisodesQuery } from './api';
import { showsQuery } from '../schedule/api';
import { useSettings } from '../settings/api';
import { currentTenant } from '../../lib/tenant';
import { EpisodeRow } from './episode-row';

export const LATEST_EPISODES = 3;

/**
 * The radio page's 'Listen Again' (docs/product.md): the latest three episodes and 'All
 * episodes'. Its own chunk, asked for once the page's lower part renders, so the radio page's
 * first visit carries none of it.
 */
export default function ListenAgainSection() {
  const episodes = useQuery(latestEpisodesQuery(LATEST_EPISODES));
  const shows = useQuery(showsQuery());
  const settings = useSettings();
  const titles = new Map((shows.data ?? []).map((s) => [s.id, s.title]));
  const artwork = settings.data?.logoUrl || builtInLogoUrl(currentTenant());
  return (
    <article aria-labelledby="listen-again-heading" className="listen-again-section">
      <div className="listen-again-head">
        <h2 id="listen-again-heading">Listen Again</h2>
        <Link to="/episodes">All episodes</Link>
      </div>
      {episodes.isPending ? (
        <p className="muted" aria-busy="true">
          Loading…
        </p>
      ) : episodes.isLoadingError ? (
        <p className="muted">Episodes could not be loaded.</p>
      ) : episodes.data.length === 0 ? (
        <p className="muted">No episodes yet</p>
      ) : (
        <ul className="episode-list">
          {episodes.data.map((e) => (
            <li key={e.id}>
              <EpisodeRow episode={e} showTitle={e.showId ? (titles.get(e.showId) ?? null) : null} artwork={artwork} />
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
