import { Pause, Play } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDuration, type Episode } from '../../../domain/episodes';
import { currentTrack } from '../../lib/player/engine';
import { isActive, player, usePlayer } from '../../lib/player/player';
import { playEpisode } from '../../lib/player/play-episode';
import { useHydrated } from '../../lib/use-hydrated';
import { enUsDate, writesEnUs } from '../../lib/en-us-format';
import './episodes.css';

/**
 * In the listener's locale and zone once the app has the page; in UTC and one locale on the
 * server and while the browser hydrates its page (docs/server-render.md): neither knows the
 * listener's, and both must write the same. en-US's is written by hand, as Intl writes it: the
 * page's first Intl formatter is its ICU set-up (app/lib/en-us-format.ts).
 */
const dateOf = (iso: string | null, local: boolean) => {
  if (!iso) return '';
  const at = new Date(iso);
  if (!local || writesEnUs()) return enUsDate(at, !local);
  return at.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
};

/**
 * One episode of Listen Again (docs/product.md): its show, date, duration and 'Play' (the one
 * player: pause when it is the one playing); `children` adds the offline button on /episodes.
 */
export function EpisodeRow({ episode, showTitle, artwork, children }: { episode: Episode; showTitle: string | null; artwork: string | null; children?: ReactNode }) {
  const state = usePlayer();
  const local = useHydrated();
  const mine = currentTrack(state)?.id === episode.id;
  const playing = mine && isActive(state.status);
  return (
    <article className="episode-row" data-testid="episode">
      <div className="episode-meta">
        <h3 className="episode-title">{episode.title}</h3>
        <p className="muted episode-line">
          {showTitle && <span className="episode-show">{showTitle}</span>}
          <time dateTime={episode.publishedAt ?? episode.createdAt}>{dateOf(episode.publishedAt, local)}</time>
          <span>{formatDuration(episode.durationSeconds)}</span>
        </p>
        {episode.description && <p className="episode-description">{episode.description}</p>}
      </div>
      <div className="episode-actions">
        <button
          type="button"
          aria-pressed={playing}
          aria-label={`${playing ? 'Pause' : 'Play'}: ${episode.title}`}
          onClick={() => (mine ? player.toggle('') : playEpisode(episode, showTitle, artwork))}
        >
          {playing ? <Pause size={18} aria-hidden="true" /> : <Play size={18} aria-hidden="true" />} {playing ? 'Pause' : 'Play'}
        </button>
        {children}
      </div>
    </article>
  );
}
