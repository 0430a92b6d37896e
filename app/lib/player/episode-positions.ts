import { currentTrack, type EngineState } from './engine';

/** Where each episode was left, per device, across visits (docs/product.md: "remember where the listener stopped"). */
export const POSITIONS_KEY = 'episodePositions';
/** Listened to the end (or nearly): the next play starts from the beginning. */
const FINISHED_WITHIN_S = 15;
/** The oldest are forgotten past this many. */
const MAX_KEPT = 200;

type Positions = Record<string, { s: number; at: number }>;

function read(): Positions {
  try {
    const raw = localStorage.getItem(POSITIONS_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Positions) : {};
  } catch {
    return {};
  }
}

function write(positions: Positions): void {
  try {
    localStorage.setItem(POSITIONS_KEY, JSON.stringify(positions));
  } catch {
    // storage full or refused: the episode starts from the beginning next time
  }
}

/** Seconds to resume an episode from (0: from the start). */
export function savedPosition(id: string): number {
  return read()[id]?.s ?? 0;
}

export function rememberPosition(id: string, seconds: number, duration: number, now = Date.now()): void {
  const positions = read();
  if (duration > 0 && seconds >= duration - FINISHED_WITHIN_S) delete positions[id];
  else if (seconds >= 1) positions[id] = { s: Math.floor(seconds), at: now };
  else return;
  const ids = Object.keys(positions);
  if (ids.length > MAX_KEPT) {
    ids.sort((a, b) => positions[a]!.at - positions[b]!.at);
    for (const old of ids.slice(0, ids.length - MAX_KEPT)) delete positions[old];
  }
  write(positions);
}

/**
 * Keeps the playing episode's place as it moves (the engine's position changes once a second),
 * so leaving the page, closing the tab or losing the phone's battery loses at most a second.
 */
export function keepEpisodePositions(engine: { state: EngineState; subscribe(listener: () => void): () => void }): () => void {
  let last = '';
  return engine.subscribe(() => {
    const s = engine.state;
    const item = currentTrack(s);
    if (!item || item.kind !== 'episode' || !(s.position > 0)) return;
    const mark = `${item.id}:${s.position}`;
    if (mark === last) return;
    last = mark;
    rememberPosition(item.id, s.position, s.duration);
  });
}
