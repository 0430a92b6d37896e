import { MIN_AUDIO_KBPS, TRACK_LOW_DATA_KBPS } from '../../../domain/renditions';
import { currentTrack, type EngineState } from './state';

/**
 * The data meter: how long the live stream played and how many kilobits of tracks, for the
 * data-used estimate in the bar. The core (core.ts) times each stretch of sound, from 'playing'
 * until it stops (a pause, a trouble, another source); here is what a stretch adds up to.
 */

/** What we assume a track costs when we do not know: originals are 128 kbps or more (domain/renditions.ts). */
export const TRACK_KBPS = MIN_AUDIO_KBPS;
export { TRACK_LOW_DATA_KBPS };

/** Roughly how much data a listening session used: seconds × bitrate. */
export function estimateMegabytes(seconds: number, kbps: number): number {
  return (seconds * kbps * 1000) / 8 / 1_000_000;
}

/** Kilobits per second of listening: the file's rate, times the speed (1.5× moves 1.5× the bytes). */
function trackKbps(s: EngineState): number {
  const item = currentTrack(s);
  const kbps = s.lowDataTrack ? (item?.lowDataKbps ?? TRACK_LOW_DATA_KBPS) : (item?.kbps ?? TRACK_KBPS);
  return kbps * s.rate;
}

/** A stretch of `seconds` that ended, added to the totals: a track's kilobits, or the live stream's seconds. */
export const countStretch = (s: EngineState, seconds: number): Partial<EngineState> =>
  s.index >= 0 ? { trackKilobits: s.trackKilobits + seconds * trackKbps(s) } : { playedSeconds: s.playedSeconds + seconds };

/** Seconds of the live stream played, with the stretch under way. */
export const liveSeconds = (s: EngineState, stretch: number): number => s.playedSeconds + (s.index >= 0 ? 0 : stretch);

/** Megabytes of tracks played, with the stretch under way. */
export const trackMegabytes = (s: EngineState, stretch: number): number => (s.trackKilobits + (s.index >= 0 ? stretch * trackKbps(s) : 0)) / 8 / 1000;
