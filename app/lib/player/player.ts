import { useSyncExternalStore } from 'react';
import { lowDataNow } from '../low-data';
import { RadioEngine, type EngineState, type EngineStatus } from './engine';
import { firstTapConnected, takeOverFirstTap } from './first-tap/first-tap';
import { loadPlain, type LoadSource } from './core';

export type { EngineState as PlayerState, EngineStatus as PlayerStatus, QueueItem } from './engine';
export { currentTrack } from './engine';

/**
 * The app's one player (docs/product.md): a single audio element, created on first play, living
 * outside React so it keeps playing across page changes.
 */
/** The live feed (live-feed.ts), once its chunk has come after the load event. */
let feed: LoadSource | null = null;

export const player = new RadioEngine({
  createMedia: () => {
    const audio = new Audio();
    audio.preload = 'none';
    return audio;
  },
  lowData: lowDataNow,
  // Every play of our own origin's MP3 live stream fed through Media Source Extensions, as the
  // page's first tap is (live-feed.ts): it starts on the stream's first few KB. The feed is its
  // own chunk, fetched after the load event so it is not part of the first visit at the wire
  // (docs/performance.md). A play before it has come takes the page's own copy, which the first
  // tap's script bundles (on a repeat visit the app starts from the worker's cache, often before
  // the listener's tap and the load event); only a page without that script (the static shell)
  // takes the plain src then.
  loadStream: (media, url) => (feed ?? window.__liveFeed ?? loadPlain)(media, url),
  // Loaded only when a relayed stream is played: it stays out of the first visit's bytes.
  attachLadder: (media, src, options) => import('./live-ladder').then((m) => m.attachLadder(media as HTMLAudioElement, src, options)),
});

/** The state a page is rendered with on the server, and hydrated with. */
const RENDERED_STATE = player.state;

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => player.online());
  // The stream a tap started before the app ran plays on, in this player (first-tap.ts).
  takeOverFirstTap(player);
  // The listening beacon (docs/api.md "Audience"): its own small chunk, fetched after the load
  // event so it is never part of the first visit at the wire (docs/performance.md); it counts
  // from the state the player is in when it arrives. Not while the stream a first tap started
  // still connects: the load event comes as the app's scripts have run, often as the stream's
  // first bytes arrive, and fetching the chunk (its module preloads) was one more task between
  // them and the first sound (docs/performance.md, "Time to first sound").
  const afterLoad = () => {
    void firstTapConnected(player)
      .then(() => import('./after-load'))
      .then((m) => {
        feed = m.loadLive;
        m.watchListening(player);
      });
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}

/** Playing, or on its way to playing. */
export const isActive = (status: EngineStatus): boolean =>
  status === 'playing' || status === 'connecting' || status === 'reconnecting';

export function usePlayer(): EngineState {
  // Hydrated as the server drew it (idle), then drawn as it is: a stream the first tap started.
  return useSyncExternalStore(player.subscribe, () => player.state, () => RENDERED_STATE);
}
