import { ChevronDown, ChevronUp, Pause, Play, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLowData } from '../lib/low-data';
import { useNowPlaying } from '../api/np';
import { estimateMegabytes } from '../lib/player/engine';
import { useMediaSession } from '../lib/player/media-session';
import { isActive, player, usePlayer } from '../lib/player/player';
import { useSettings } from '../api/settings';

/** A live MP3 stream's usual rate; the low-data stream is usually lighter. */
const ASSUMED_KBPS = 128;
const ASSUMED_LOW_DATA_KBPS = 48;

/** The sticky bar: LIVE badge, play/pause, title, artist, volume and expand (spec.md §2). */
export function NowPlayingBar() {
  const np = useNowPlaying();
  const settings = useSettings();
  const state = usePlayer();
  const [lowData] = useLowData();
  const [expanded, setExpanded] = useState(false);
  const lowDataStream = lowData && settings.data?.lowDataStreamUrl ? settings.data.lowDataStreamUrl : '';
  const stream = lowDataStream || settings.data?.streamUrl || '';
  const active = isActive(state.status);
  const song = np.data?.nowPlaying;
  useMediaSession(song, settings.data?.displayName ?? '', stream);

  // The data figure moves while playing; redraw it now and then when it is on screen.
  const [, tick] = useState(0);
  useEffect(() => {
    if (!expanded || state.status !== 'playing') return;
    const timer = setInterval(() => tick((n) => n + 1), 5_000);
    return () => clearInterval(timer);
  }, [expanded, state.status]);
  const megabytes = estimateMegabytes(player.playedSeconds(), lowDataStream ? ASSUMED_LOW_DATA_KBPS : ASSUMED_KBPS);

  return (
    <section className={`np-bar ${expanded ? 'np-expanded' : ''}`} aria-label="Now playing" data-status={state.status}>
      <span className="live-badge">LIVE</span>
      <button type="button" className="np-play" aria-label={active ? 'Pause' : 'Play'} aria-pressed={active} disabled={!stream} onClick={() => player.toggle(stream)}>
        {active ? <Pause size={22} fill="currentColor" /> : <Play size={22} fill="currentColor" />}
      </button>
      <div className="np-meta">
        {state.status === 'reconnecting' ? (
          <strong className="np-status" role="status">
            Reconnecting…
          </strong>
        ) : state.status === 'failed' ? (
          <strong className="np-status" role="alert">
            Stream lost
          </strong>
        ) : (
          <strong className="np-title" data-testid="np-title">
            {song?.title ?? 'Loading…'}
          </strong>
        )}
        <span className="np-artist" data-testid="np-artist">
          {song?.artist ?? ''}
        </span>
      </div>
      {state.status === 'failed' && (
        <button type="button" className="np-retry" onClick={() => player.play(stream)}>
          Retry
        </button>
      )}
      <button type="button" className="np-volume" aria-label={state.muted ? 'Unmute' : 'Mute'} onClick={() => player.toggleMute()}>
        {state.muted ? <VolumeX /> : <Volume2 />}
      </button>
      <button type="button" className="np-expand" aria-label={expanded ? 'Collapse player' : 'Expand player'} aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
        {expanded ? <ChevronDown /> : <ChevronUp />}
      </button>
      {expanded && (
        <div className="np-details">
          <label>
            Volume
            <input type="range" min={0} max={1} step={0.05} value={state.volume} onChange={(e) => player.setVolume(Number(e.target.value))} />
          </label>
          <p data-testid="data-used">
            Data used this session: about {megabytes < 1 ? megabytes.toFixed(1) : Math.round(megabytes)} MB
            {lowDataStream ? ' (low-data stream)' : ''}
          </p>
          {np.data?.listeners != null && <p>{np.data.listeners} listening now</p>}
        </div>
      )}
    </section>
  );
}
