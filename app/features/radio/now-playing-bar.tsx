import { ChevronDown, ChevronUp, Pause, Play, Volume2, VolumeX } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLowData } from '../../lib/low-data';
import { useNowPlaying } from './api';
import { estimateMegabytes } from '../../lib/player/engine';
import { claimTaps } from '../../lib/player/first-tap/first-tap';
import { claimLaterTaps } from '../../lib/player/first-tap/taps-later';
import { currentTrack, isActive, player, usePlayer } from '../../lib/player/player';
import { useSettings } from '../settings/api';
import { apiUrl } from '../../lib/api-client';
import { LIVE_LADDER, LIVE_MASTER_PATH, withBeaconMark } from '../../../domain/live';
import { MIN_AUDIO_KBPS, TRACK_LOW_DATA_KBPS } from '../../../domain/renditions';


// An episode's skips and speed, and the sleep timer, load only when wanted (the bar is on every first visit).
const EpisodeSkipControls = lazy(() => import('../../components/episode-skip-controls'));
const SleepTimerControl = lazy(() => import('../../components/sleep-timer-control'));
const MediaSession = lazy(() => import('../../lib/player/media-session').then((m) => ({ default: m.MediaSession })));

/** m:ss, the way players show a track's place. */
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/**
 * The sticky bar (docs/product.md#screens): on the live stream the LIVE badge, play/pause, title, artist,
 * volume and expand; on an artist's track its title and artist, position and seek, 'Back to
 * Live', and next/previous when expanded.
 */
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
  const track = currentTrack(state);
  // The lock screen's controls, from the first playback on (MediaSession, fetched then).
  const [played, setPlayed] = useState(active);
  useEffect(() => {
    if (active) setPlayed(true);
  }, [active]);
  // With the relay on, the live stream moves to its adaptive ladder once it plays (docs/live-relay.md).
  // Marked as our player's: its beacon counts it, so the relay's own count leaves it out.
  const ladder = settings.data?.liveRelay && settings.data.streamUrl ? withBeaconMark(apiUrl(LIVE_MASTER_PATH)) : null;
  useEffect(() => player.setLadder(ladder), [ladder]);
  useEffect(() => player.lowDataChanged(), [lowData]);
  const live = !track ? state.live : null;
  const offerPickUp = live !== null && state.interruptedAt !== null && state.status === 'playing';

  // The data figure moves while playing; redraw it now and then when it is on screen.
  const [, tick] = useState(0);
  useEffect(() => {
    if (!expanded || state.status !== 'playing') return;
    const timer = setInterval(() => tick((n) => n + 1), 5_000);
    return () => clearInterval(timer);
  }, [expanded, state.status]);
  // On the relay's ladder the rung playing is known (its declared bandwidth); elsewhere an
  // assumption: a direct stream costs what a track does (128 kbps, or the low-data stream's 48).
  const rung = state.live ? LIVE_LADDER[state.live.level] : undefined;
  const liveKbps = rung ? rung.bandwidth / 1000 : lowDataStream ? TRACK_LOW_DATA_KBPS : MIN_AUDIO_KBPS;
  const megabytes = estimateMegabytes(player.playedSeconds(), liveKbps) + player.trackMegabytes();

  return (
    <section className={`np-bar ${expanded ? 'np-expanded' : ''} ${track ? 'np-track' : ''}`} aria-label="Now playing" data-status={state.status}>
      {played && (
        <Suspense fallback={null}>
          <MediaSession song={song} stationName={settings.data?.displayName ?? ''} streamUrl={stream} />
        </Suspense>
      )}
      {!track && (
        <span className="live-badge" data-testid="live-badge">
          {live && live.behind >= 10 ? `−${clock(live.behind)}` : 'LIVE'}
        </span>
      )}
      <button
        type="button"
        className="np-play"
        aria-label={active ? 'Pause' : 'Play'}
        aria-pressed={active}
        disabled={!track && !stream}
        // Plays before the app has started too (app/lib/player/first-tap/first-tap.ts).
        ref={claimTaps}
        data-stream={stream || undefined}
        onClick={() => (track ? player.toggle('') : player.toggle(stream))}
      >
        {active ? <Pause size={22} fill="currentColor" /> : <Play size={22} fill="currentColor" />}
      </button>
      <div className="np-meta">
        {state.status === 'reconnecting' ? (
          <strong className="np-status" role="status">
            Reconnecting…
          </strong>
        ) : state.status === 'failed' ? (
          <strong className="np-status" role="alert">
            {track ? 'Track lost' : 'Stream lost'}
          </strong>
        ) : (
          <strong className="np-title" data-testid="np-title">
            {track ? track.title : (song?.title ?? 'Loading…')}
            {track?.explicit && (
              <span className="badge explicit-badge" title="Explicit">
                E<span className="visually-hidden">xplicit</span>
              </span>
            )}
          </strong>
        )}
        <span className="np-artist" data-testid="np-artist">
          {track ? track.artist : (song?.artist ?? '')}
        </span>
      </div>
      {state.status === 'failed' && (
        <button type="button" className="np-retry" onClick={() => (track ? player.resume() : player.play(stream))}>
          Retry
        </button>
      )}
      {offerPickUp && (
        <button type="button" className="np-pick-up" onClick={() => player.pickUp()}>
          Pick up where you left off
        </button>
      )}
      {live && (offerPickUp || live.behind >= 10) && (
        <button type="button" className="np-jump-live outline" onClick={() => player.jumpToLive()}>
          Jump to live
        </button>
      )}
      {track && (
        <button type="button" className="np-back-live" disabled={!stream} onClick={() => player.play(stream)}>
          Back to Live
        </button>
      )}
      {/* Mute and Expand tapped before the app has started: held, and made again once the app has them (issue 29, app/lib/player/first-tap/taps-later.ts). */}
      <button type="button" className="np-volume" ref={claimLaterTaps} data-after-start="" aria-label={state.muted ? 'Unmute' : 'Mute'} onClick={() => player.toggleMute()}>
        {state.muted ? <VolumeX /> : <Volume2 />}
      </button>
      <button
        type="button"
        className="np-expand"
        ref={claimLaterTaps}
        data-after-start=""
        aria-label={expanded ? 'Collapse player' : 'Expand player'}
        aria-expanded={expanded}
        onClick={() => setExpanded((e) => !e)}
      >
        {expanded ? <ChevronDown /> : <ChevronUp />}
      </button>
      {track && (
        <div className="np-seek">
          <span data-testid="np-position">{clock(state.position)}</span>
          <input
            type="range"
            aria-label="Seek"
            aria-valuetext={`${clock(state.position)} of ${clock(state.duration)}`}
            min={0}
            max={Math.max(state.duration, 0)}
            step={1}
            value={Math.min(state.position, state.duration)}
            disabled={!(state.duration > 0)}
            onChange={(e) => player.seek(Number(e.target.value))}
          />
          <span>{state.duration > 0 ? clock(state.duration) : '–:––'}</span>
        </div>
      )}
      {track?.kind === 'episode' && (
        <Suspense fallback={null}>
          <EpisodeSkipControls />
        </Suspense>
      )}
      {expanded && (
        <div className="np-details">
          {track && track.kind !== 'episode' && (
            <div className="np-queue" role="group" aria-label="Track queue">
              <button type="button" className="outline" onClick={() => player.previous()}>
                ⏮ Previous
              </button>
              <span>
                Track {state.index + 1} of {state.queue.length}
              </span>
              <button type="button" className="outline" disabled={state.index + 1 >= state.queue.length} onClick={() => player.next()}>
                Next ⏭
              </button>
            </div>
          )}
          <Suspense fallback={null}>
            <SleepTimerControl />
          </Suspense>
          {live && (
            <div className="np-rewind" role="group" aria-label="Rewind">
              <button type="button" className="outline" onClick={() => player.skipBy(-30)}>
                Back 30 s
              </button>
              <input
                type="range"
                aria-label="Position in the last two hours"
                aria-valuetext={live.behind >= 1 ? `${clock(live.behind)} behind live` : 'Live'}
                min={0}
                max={Math.max(live.window, 0)}
                step={1}
                value={Math.max(0, live.window - live.behind)}
                disabled={!(live.window > 0)}
                onChange={(e) => player.seekBehindLive(live.window - Number(e.target.value))}
              />
              <span data-testid="live-behind">{live.behind >= 1 ? `−${clock(live.behind)}` : 'Live'}</span>
            </div>
          )}
          <label>
            Volume
            <input type="range" min={0} max={1} step={0.05} value={state.volume} onChange={(e) => player.setVolume(Number(e.target.value))} />
          </label>
          <p data-testid="data-used">
            Data used this session: about {megabytes < 1 ? megabytes.toFixed(1) : Math.round(megabytes)} MB
            {lowDataStream && !track ? ' (low-data stream)' : ''}
            {track && state.lowDataTrack ? (track.kind === 'episode' ? ' (low-data episode)' : ' (low-data track)') : ''}
          </p>
          {np.data?.listeners != null && <p>{np.data.listeners} listening now</p>}
        </div>
      )}
    </section>
  );
}
