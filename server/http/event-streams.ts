import { limitKey } from './client-address';
import { serviceUnavailable, tooManyRequests } from './errors';

/**
 * The open event streams of an app (now playing, chat), so the server that owns the app can end
 * them on shutdown: they never finish by themselves (docs/now-playing-push.md).
 */
interface Streams {
  draining: boolean;
  ends: Set<() => void>;
}

const streamsByApp = new WeakMap<object, Streams>();

export function streamsOf(app: object): Streams {
  let streams = streamsByApp.get(app);
  if (!streams) {
    streams = { draining: false, ends: new Set() };
    streamsByApp.set(app, streams);
  }
  return streams;
}

/**
 * Ends every event stream of the app and answers new ones with a bare reconnect delay,
 * so graceful shutdown is not held open by listeners (each browser reconnects by itself,
 * to whichever process then answers).
 */
export function endEventStreams(app: object): void {
  const streams = streamsOf(app);
  streams.draining = true;
  for (const end of [...streams.ends]) end();
}

/**
 * The reconnect delay the browser is told: 3–8 s, spread per stream so that when a server
 * restarts its listeners do not all come back in the same instant.
 */
export const retryMs = (random = Math.random): number => 3_000 + Math.floor(random() * 5_000);

/**
 * The places for one kind of event stream in this process, per client address and in all
 * (docs/api.md): `take` refuses the one too many (429 per address, 503 in all) before anything
 * is opened, and its answer gives the place back.
 */
export function streamPlaces(limits: { maxPerAddress: number; maxTotal: number }, refusals: { perAddress: string; total: string }) {
  const perAddress = new Map<string, number>();
  let total = 0;
  return {
    get total(): number {
      return total;
    },
    take(clientAddress: string): () => void {
      const address = limitKey(clientAddress);
      const open = perAddress.get(address) ?? 0;
      if (open >= limits.maxPerAddress) throw tooManyRequests(60, refusals.perAddress);
      if (total >= limits.maxTotal) throw serviceUnavailable(refusals.total);
      perAddress.set(address, open + 1);
      total += 1;
      return () => {
        total -= 1;
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left > 0) perAddress.set(address, left);
        else perAddress.delete(address);
      };
    },
  };
}
