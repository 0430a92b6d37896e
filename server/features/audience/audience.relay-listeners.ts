import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { BEACON_PLAYER_PARAM } from '../../../domain/live';
import { SESSION_TIMEOUT_MS, type BeaconEvent } from '../../../domain/audience';
import type { Tenant } from '../../../domain/tenants';
import type { Middleware } from '../../http/context';

const DAY = 86_400_000;

interface RelayListener {
  s: string;
  i: string;
  seq: number;
  lastMs: number;
}

/**
 * The relay's listeners who do not use our player (docs/api.md "Audience"): their segment
 * requests grouped into sessions by an anonymous key, a hash of the tenant, the address and the
 * user agent with a salt made at random each UTC day and kept in this process's memory only, so
 * no key can be tied to an address once the day is over and none is ever stored. A session is a
 * listening session like the beacon's (its install id random for the key and the day): its first
 * segment starts it, each later one is a heartbeat, and two minutes without one close it.
 */
export function relayListeners(now: () => number, feed: (tenant: Tenant, ev: BeaconEvent, at: number) => Promise<boolean>) {
  let day = -1;
  let salt = randomBytes(16);
  const listeners = new Map<string, RelayListener>();

  return {
    async segment(tenant: Tenant, address: string, userAgent: string): Promise<void> {
      const at = now();
      if (Math.floor(at / DAY) !== day) {
        // A new day, a new salt: yesterday's keys (and their installs) mean nothing any more.
        day = Math.floor(at / DAY);
        salt = randomBytes(16);
        listeners.clear();
      }
      const key = createHash('sha256').update(salt).update(`${tenant}\n${address}\n${userAgent}`).digest('base64url');
      const known = listeners.get(key);
      if (known && at - known.lastMs <= SESSION_TIMEOUT_MS) {
        known.lastMs = at;
        known.seq += 1;
        await feed(tenant, { s: known.s, i: known.i, e: 'beat', seq: known.seq, t: at, kind: 'live', country: null }, at);
        return;
      }
      // The same listener after a silence: a new session of the same install (for unique counts).
      const listener = { s: randomUUID(), i: known?.i ?? randomUUID(), seq: 0, lastMs: at };
      listeners.set(key, listener);
      await feed(tenant, { s: listener.s, i: listener.i, e: 'start', seq: 0, t: at, kind: 'live', country: null }, at);
    },
    /** Forgets listeners silent for two minutes (their sessions are the close pass's). */
    sweep(): void {
      const before = now() - SESSION_TIMEOUT_MS;
      for (const [key, l] of listeners) if (l.lastMs < before) listeners.delete(key);
    },
    get size() {
      return listeners.size;
    },
  };
}

export type RelayListeners = ReturnType<typeof relayListeners>;

/**
 * Sees each relay segment answered (a 200 of type video/mp2t under /live/) and hands it to the
 * grouping, after the answer: our player's requests (`beacon=1`, counted by its beacon) and bots
 * are left out. The live feature knows nothing of it.
 */
export function relaySegmentsCounted(segment: (tenant: Tenant, address: string, userAgent: string) => Promise<void>, isBot: (ua: string | undefined) => boolean): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.status !== 200 || ctx.method !== 'GET' || !ctx.path.startsWith('/live/') || ctx.response.type !== 'video/mp2t') return;
    if (ctx.query[BEACON_PLAYER_PARAM] !== undefined) return;
    const userAgent = ctx.get('user-agent');
    if (isBot(userAgent)) return;
    void segment(ctx.state.tenant, ctx.state.clientAddress ?? '', userAgent).catch(() => undefined);
  };
}
