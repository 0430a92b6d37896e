import { useState } from 'react';
import { useLowData } from '../lib/low-data';
import { useNowPlaying } from '../lib/now-playing.queries';
import { player, usePlayer } from '../lib/player/player';
import { useSettings } from '../lib/settings.queries';

/** The sticky bar: LIVE badge, play/pause, title, artist, volume and expand (spec.md §2). */
export function NowPlayingBar() {
  const np = useNowPlaying();
  const settings = useSettings();
  const state = usePlayer();
  const [lowData] = useLowData();
  const [expanded, setExpanded] = useState(false);
  const stream = (lowData && settings.data?.lowDataStreamUrl) || settings.data?.streamUrl || '';
  const playing = state.status === 'playing' || state.status === 'loading';
  const song = np.data?.nowPlaying;

  return (
    <section className={`np-bar ${expanded ? 'np-expanded' : ''}`} aria-label="Now playing">
      <span className="live-badge">LIVE</span>
      <button
        type="button"
        className="np-play"
        aria-label={playing ? 'Pause' : 'Play'}
        aria-pressed={playing}
        disabled={!stream}
        onClick={() => player.toggle(stream)}
      >
        {playing ? '❚❚' : '▶'}
      </button>
      <div className="np-meta">
        <strong className="np-title" data-testid="np-title">{song?.title ?? 'Loading…'}</strong>
        <span className="np-artist" data-testid="np-artist">{song?.artist ?? ''}</span>
      </div>
      <button type="button" className="np-volume" aria-label={state.muted ? 'Unmute' : 'Mute'} onClick={() => player.toggleMute()}>
        {state.muted ? '🔇' : '🔊'}
      </button>
      <button type="button" className="np-expand" aria-label={expanded ? 'Collapse player' : 'Expand player'} aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
        {expanded ? '▾' : '▴'}
      </button>
      {expanded && (
        <div className="np-details">
          <label>
            Volume
            <input type="range" min={0} max={1} step={0.05} value={state.volume} onChange={(e) => player.setVolume(Number(e.target.value))} />
          </label>
          {state.status === 'error' && <p role="alert">The stream could not be played. Try again in a moment.</p>}
          {np.data?.listeners != null && <p>{np.data.listeners} listening now</p>}
        </div>
      )}
    </section>
  );
}
