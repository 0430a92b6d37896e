import { episodeFile, type Episode } from '../../../domain/episodes';
import { savedFileOf } from '../offline/episode-downloads';
import type { QueueItem } from './engine';
import { keepEpisodePositions, savedPosition } from './episode-positions';
import { player } from './player';
import { SleepTimer } from './sleep-timer';

// Loaded with the pages that play episodes (Listen Again, the radio page's section), not on
// every first visit: the positions are kept from the first episode played on.
let keeping = false;

/** The one sleep timer of the one player (the expanded player sets it). */
export const sleepTimer = new SleepTimer(player, { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as number), now: () => Date.now() });

const kbpsOf = (bytes: number | null, seconds: number) => (bytes && seconds > 0 ? (bytes * 8) / seconds / 1000 : undefined);

/** The player's view of an episode: the show as its 'artist', its picture (or the station's) as the lock screen's art. */
export function episodeQueueItem(episode: Episode, showTitle: string | null, fallbackArtwork: string | null): QueueItem {
  // A saved copy plays whatever the mode or the connection (the service worker answers it).
  const saved = savedFileOf(episode.id);
  return {
    id: episode.id,
    title: episode.title,
    artist: showTitle ?? 'Listen Again',
    src: saved ?? episodeFile(episode, false).url,
    lowDataSrc: saved ? null : episode.lowDataUrl,
    artwork: episode.imageUrl ?? fallbackArtwork,
    explicit: false,
    kind: 'episode',
    kbps: kbpsOf(episode.bytes, episode.durationSeconds),
    lowDataKbps: kbpsOf(episode.lowDataBytes, episode.durationSeconds),
    startAt: savedPosition(episode.id),
  };
}

/** Plays the episode in the one player from where this listener stopped. */
export function playEpisode(episode: Episode, showTitle: string | null, fallbackArtwork: string | null): void {
  if (!keeping) {
    keeping = true;
    keepEpisodePositions(player);
  }
  player.playQueue([episodeQueueItem(episode, showTitle, fallbackArtwork)], 0);
}
