// What the player fetches after the load event, in one chunk (player.ts): the listening beacon
// and the live stream's feed. One file, not two: each file of a visit costs its headers in the
// settled first visit (docs/performance.md).
export { watchListening } from './listening-beacon';
export { loadLive } from './live-feed';
