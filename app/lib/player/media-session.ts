import { useEffect } from 'react';
import type { NowPlayingSong } from '../../../domain/now-playing';
import { builtInIconUrl, builtInLogoUrl } from '../../../domain/tenants';
import { currentTenant } from '../tenant';
import { currentTrack, type QueueItem } from './engine';
import { player, usePlayer } from './player';

type Handlers = [MediaSessionAction, MediaSessionActionHandler | null][];

function setHandlers(handlers: Handlers): void {
  for (const [action, handler] of handlers) {
    try {
      navigator.mediaSession.setActionHandler(action, handler);
    } catch {
      // an action this browser does not know
    }
  }
}

/**
 * The station's built-in logo goes to the lock screen as its 192 px PNG (precached), not the SVG:
 * Chromium draws an SVG as a document of its own on the page's main thread, at each fetch, just
 * after the sound starts (bench/HISTORY.md, 2026-12-05); a PNG is decoded off it.
 */
function artworkOf(art: string): MediaImage {
  const tenant = currentTenant();
  if (art === builtInLogoUrl(tenant)) return { src: new URL(builtInIconUrl(tenant, 192), window.location.href).href, sizes: '192x192', type: 'image/png' };
  return { src: new URL(art, window.location.href).href, sizes: '512x512' };
}

const TRACK_ACTIONS: MediaSessionAction[] = ['nexttrack', 'previoustrack', 'seekto', 'seekbackward', 'seekforward'];

/**
 * Lock-screen and notification controls (Media Session API): on the live stream the song
 * from now playing, with play, pause and stop; on an artist's track its title, artist and
 * cover, with next, previous and seeking too.
 */
function useMediaSession(song: NowPlayingSong | undefined, stationName: string, streamUrl: string): void {
  const state = usePlayer();
  const track: QueueItem | null = currentTrack(state);

  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    const art = track ? track.artwork : song?.art;
    if (!track && !song) return;
    navigator.mediaSession.metadata = new MediaMetadata({
      title: track ? track.title : song!.title,
      artist: track ? track.artist : song!.artist,
      album: stationName,
      artwork: art ? [artworkOf(art)] : [],
    });
  }, [song, stationName, track]);

  const onTrack = track !== null;
  const onEpisode = track?.kind === 'episode';
  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    const handlers: Handlers = onTrack
      ? [
          ['play', () => player.resume()],
          ['pause', () => player.pause()],
          ['stop', () => player.stop()],
          ['nexttrack', () => player.next()],
          ['previoustrack', () => player.previous()],
          ['seekto', (d) => d.seekTime != null && player.seek(d.seekTime)],
          // An episode: the lock screen's skips are the bar's, 15 s back and 30 s forward.
          ['seekbackward', onEpisode ? (d) => player.skip(-(d.seekOffset ?? 15)) : null],
          ['seekforward', onEpisode ? (d) => player.skip(d.seekOffset ?? 30) : null],
        ]
      : [
          ['play', () => player.play(streamUrl)],
          ['pause', () => player.pause()],
          ['stop', () => player.stop()],
          // The live stream has no next, previous or position.
          ...TRACK_ACTIONS.map((a): Handlers[number] => [a, null]),
        ];
    setHandlers(handlers);
    return () => setHandlers(handlers.map(([action]) => [action, null]));
  }, [streamUrl, onTrack, onEpisode]);

  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    const s = state.status;
    navigator.mediaSession.playbackState = s === 'playing' ? 'playing' : s === 'paused' ? 'paused' : 'none';
  }, [state.status]);

  useEffect(() => {
    if (!('mediaSession' in navigator) || !onTrack || !(state.duration > 0)) return;
    try {
      navigator.mediaSession.setPositionState({ duration: state.duration, position: Math.min(state.position, state.duration), playbackRate: state.rate || 1 });
    } catch {
      // an older browser without position state
    }
  }, [onTrack, state.position, state.duration, state.rate]);
}

/**
 * The lock screen's controls as a component of its own, so the bar fetches this module only
 * once something has played (issue 29: the first visit's entry carried it for a session the
 * phone shows only once playback starts). Stays mounted after a stop, so the lock screen's
 * play still answers.
 */
export function MediaSession({ song, stationName, streamUrl }: { song: NowPlayingSong | undefined; stationName: string; streamUrl: string }): null {
  useMediaSession(song, stationName, streamUrl);
  return null;
}
