import { useEffect } from 'react';
import type { NowPlayingSong } from '../../../domain/now-playing';
import { player } from './player';

/**
 * Lock-screen and notification controls (Media Session API): the song from now playing,
 * and play, pause and stop that drive the one player.
 */
export function useMediaSession(song: NowPlayingSong | undefined, stationName: string, streamUrl: string): void {
  useEffect(() => {
    if (!('mediaSession' in navigator) || !song) return;
    navigator.mediaSession.metadata = new MediaMetadata({
      title: song.title,
      artist: song.artist,
      album: stationName,
      artwork: song.art ? [{ src: new URL(song.art, window.location.href).href, sizes: '512x512' }] : [],
    });
  }, [song, stationName]);

  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => player.play(streamUrl)],
      ['pause', () => player.pause()],
      ['stop', () => player.stop()],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // an action this browser does not know
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // ignore
        }
      }
    };
  }, [streamUrl]);

  useEffect(
    () =>
      player.subscribe(() => {
        if (!('mediaSession' in navigator)) return;
        const s = player.state.status;
        navigator.mediaSession.playbackState = s === 'playing' ? 'playing' : s === 'paused' ? 'paused' : 'none';
      }),
    [],
  );
}
