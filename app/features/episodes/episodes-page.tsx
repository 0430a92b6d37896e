import { useQuery } from '@tanstack/react-query';
import { Link, getRouteApi } from '@tanstack/react-router';
import { Rss } from 'lucide-react';
import { builtInLogoUrl } from '../../../domain/tenants';
import { EpisodeRow } from './episode-row';
import { EmptyState, ErrorState, Placeholders } from '../../components/states';
import { episodesQuery, podcastFeedUrl } from './api';
import { showsQuery } from '../schedule/api';
import { useSettings } from '../settings/api';
import { currentTenant } from '../../lib/tenant';
import { SaveForOffline, SavedForOffline } from './save-for-offline';

const route = getRouteApi('/episodes');

/** docs/product.md "Listen Again": the tenant's published episodes, newest first; 'Saved for offline' below. */
export function EpisodesPage() {
  const { show } = route.useSearch();
  const episodes = useQuery(episodesQuery(show ?? null));
  const shows = useQuery(showsQuery());
  const settings = useSettings();
  const titles = new Map((shows.data ?? []).map((s) => [s.id, s.title]));
  const showTitle = show ? titles.get(show) : undefined;
  const artwork = settings.data?.logoUrl || builtInLogoUrl(currentTenant());

  return (
    <div className="episodes-page">
      <header className="listen-again-head">
        <h1>Listen Again</h1>
        <a href={podcastFeedUrl()} className="podcast-feed-link">
          <Rss size={16} aria-hidden="true" /> Podcast feed
        </a>
      </header>
      {show && (
        <p>
          {showTitle ? `Past episodes of ${showTitle}. ` : 'Past episodes of one show. '}
          <Link to="/episodes">All episodes</Link>
        </p>
      )}
      {episodes.isPending ? (
        <Placeholders count={3} />
      ) : episodes.isLoadingError ? (
        <ErrorState error={episodes.error} onRetry={() => void episodes.refetch()} />
      ) : episodes.data.length === 0 ? (
        <EmptyState title="No episodes yet" />
      ) : (
        <ul className="episode-list">
          {episodes.data.map((e) => (
            <li key={e.id}>
              <EpisodeRow episode={e} showTitle={e.showId ? (titles.get(e.showId) ?? null) : null} artwork={artwork}>
                <SaveForOffline episode={e} />
              </EpisodeRow>
            </li>
          ))}
        </ul>
      )}
      <SavedForOffline titles={titles} artwork={artwork} />
    </div>
  );
}
