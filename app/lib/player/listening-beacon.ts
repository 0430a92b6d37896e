import { BEACON_MAX_EVENTS, HEARTBEAT_MS, type BeaconEvent, type ListeningKind } from '../../../domain/audience';
import { tenantApiPath } from '../../../domain/tenants';
import { currentTenant } from '../tenant';
import type { EngineState } from './engine';

/**
 * The listening beacon (docs/api.md "Audience"): while sound plays, a start, a heartbeat a
 * minute and a stop, sent with navigator.sendBeacon as tiny text/plain JSON (about 150 bytes
 * each: under 10 KB a listener-hour). The install id is a random uuid kept in localStorage:
 * no cookie, nothing about the device. Offline, events wait in localStorage and go in one
 * batch when the connection is back, with the times they happened.
 */

export const INSTALL_KEY = 'listeningInstall';
export const BEACON_OUTBOX_KEY = 'listeningOutbox';
const BEACON_PATH = '/api/listening';

interface Source {
  readonly state: EngineState;
  subscribe(listener: () => void): () => void;
}

export interface BeaconEnv {
  now(): number;
  online(): boolean;
  /** navigator.sendBeacon: false when the browser would not queue it. */
  send(url: string, body: string): boolean;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  newId(): string;
  country(): string | null;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const randomId = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`);

function browserEnv(): BeaconEnv {
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null;
  }
  return {
    now: () => Date.now(),
    online: () => navigator.onLine !== false,
    send: (url, body) => (typeof navigator.sendBeacon === 'function' ? navigator.sendBeacon(url, body) : false),
    storage,
    newId: randomId,
    country: () => {
      const c = storage?.getItem('selectedCountry') ?? null;
      return c && /^[A-Z]{2}$/.test(c) ? c : null;
    },
    setInterval: (fn, ms) => window.setInterval(fn, ms),
    clearInterval: (h) => window.clearInterval(h as number),
  };
}

/** Sound is playing and audible: paused, muted or silent counts as not listening. */
const listeningKind = (s: EngineState): ListeningKind | null => {
  if (s.status !== 'playing' || s.muted || s.volume === 0) return null;
  if (s.index < 0) return 'live';
  return s.queue[s.index]?.kind === 'episode' ? 'episode' : 'track';
};

export function watchListening(source: Source, env: BeaconEnv = browserEnv()): () => void {
  let install = env.storage?.getItem(INSTALL_KEY) ?? null;
  if (!install || !/^[A-Za-z0-9-]{8,64}$/.test(install)) {
    install = env.newId();
    env.storage?.setItem(INSTALL_KEY, install);
  }
  let session: { id: string; seq: number; kind: ListeningKind; timer: unknown } | null = null;

  const readOutbox = (): BeaconEvent[] => {
    try {
      return JSON.parse(env.storage?.getItem(BEACON_OUTBOX_KEY) ?? '[]') as BeaconEvent[];
    } catch {
      return [];
    }
  };
  const send = (events: BeaconEvent[]) => {
    const waiting = readOutbox();
    const all = [...waiting, ...events].slice(-BEACON_MAX_EVENTS);
    if (env.online() && env.send(tenantApiPath(BEACON_PATH, currentTenant()), JSON.stringify({ n: env.now(), events: all }))) {
      if (waiting.length) env.storage?.removeItem(BEACON_OUTBOX_KEY);
      return;
    }
    env.storage?.setItem(BEACON_OUTBOX_KEY, JSON.stringify(all));
  };
  const event = (e: BeaconEvent['e']): BeaconEvent => {
    const s = session!;
    return { s: s.id, i: install!, e, seq: s.seq++, t: env.now(), kind: s.kind, country: env.country() };
  };

  const stop = () => {
    if (!session) return;
    env.clearInterval(session.timer);
    send([event('stop')]);
    session = null;
  };
  const update = () => {
    const kind = listeningKind(source.state);
    if (session && session.kind !== kind) stop();
    if (kind && !session) {
      session = { id: env.newId(), seq: 0, kind, timer: env.setInterval(() => session && send([event('beat')]), HEARTBEAT_MS) };
      send([event('start')]);
    }
  };

  const unsubscribe = source.subscribe(update);
  update();
  const flush = () => {
    if (readOutbox().length) send([]);
  };
  const onHide = () => stop();
  if (typeof window !== 'undefined') {
    window.addEventListener('online', flush);
    window.addEventListener('pagehide', onHide);
  }
  flush();
  return () => {
    stop();
    unsubscribe();
    if (typeof window !== 'undefined') {
      window.removeEventListener('online', flush);
      window.removeEventListener('pagehide', onHide);
    }
  };
}
