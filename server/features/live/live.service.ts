import { LIVE_WINDOW_MS } from '../../../domain/live';
import { TENANTS, type Tenant } from '../../../domain/tenants';
import type { Config } from '../../config';
import type { Db } from '../../db/knex';
import { loadSettings } from '../../db/settings-store';
import { absoluteUrl } from '../../http/outbound-guard';
import { ffmpegBinary } from '../../media/ffmpeg';
import { leasedLoop, processHolder, type StreamWorkerOptions } from '../../jobs/leased-loop';
import { liveRepository } from './live.repository';
import { TenantRelay } from './live.relay';
import { createLiveStorage, type LiveStorage } from './live.storage';
import { createLogger, lineLog } from '../../ops/logger';

/** The lease is renewed this often by its holder… */
export const LEASE_RENEW_MS = 5_000;
/** …and lapses this long after its last renewal: another process takes over within about 25 s. */
export const LEASE_TTL_MS = 20_000;
/** Segments that left the window are removed this often. */
const PRUNE_EVERY_MS = 60_000;

/** `holder`: this process's name on the tenants' relay leases. */
export interface LiveRelaysOptions extends StreamWorkerOptions {
  db: Db;
  config: Config;
  storage?: LiveStorage;
  renewMs?: number;
  ttlMs?: number;
}

export interface LiveRelays {
  readonly holder: string;
  /** The relays this process runs now, by tenant. */
  running(): ReadonlyMap<Tenant, TenantRelay>;
  /** One pass: take or renew leases, start and stop relays as the settings say. */
  tick(): Promise<void>;
  /** Stops every relay (ffmpeg killed) and gives the leases up. */
  stop(): Promise<void>;
}

/**
 * Started in every server process (server/background.ts): exactly one relay per tenant whose
 * `liveRelay` setting is on runs across all of them, held by a lease row in the database
 * (docs/live-relay.md). A holder that dies stops renewing; the next process to look takes it.
 */
export function startLiveRelays(options: LiveRelaysOptions): LiveRelays {
  const { db, config } = options;
  const now = options.now ?? Date.now;
  const log = options.log ?? lineLog(createLogger().child({ name: 'relay' }));
  const renewMs = options.renewMs ?? LEASE_RENEW_MS;
  const ttlMs = options.ttlMs ?? LEASE_TTL_MS;
  const holder = options.holder ?? processHolder();
  const repo = liveRepository(db);
  const storage = options.storage ?? createLiveStorage({ uploadDir: config.uploadDir, s3: config.s3 });
  const relays = new Map<Tenant, TenantRelay>();
  /** When each held lease was last renewed: a relay whose lease may have lapsed stops. */
  const renewedAt = new Map<Tenant, number>();
  let lastPrune = 0;
  const loop = leasedLoop({ holder, everyMs: renewMs, leaseMs: ttlMs, pass, onError: (err) => log(`live relay: ${(err as Error)?.message ?? String(err)}`) });

  const stopRelay = async (tenant: Tenant) => {
    const relay = relays.get(tenant);
    relays.delete(tenant);
    renewedAt.delete(tenant);
    await relay?.stop();
  };

  async function tickTenant(tenant: Tenant): Promise<void> {
    const at = now();
    try {
      const settings = await loadSettings(db, tenant);
      const url = settings.liveRelay ? absoluteUrl(settings.streamUrl, options.selfUrl) : '';
      if (!url) {
        if (relays.has(tenant)) {
          await stopRelay(tenant);
          await repo.releaseLease(tenant, holder);
        }
        return;
      }
      const mine = await repo.claimLease(tenant, holder, at, at + ttlMs);
      if (!mine) {
        if (relays.has(tenant)) await stopRelay(tenant);
        return;
      }
      renewedAt.set(tenant, at);
      const current = relays.get(tenant);
      if (current && current.streamUrl !== url) await stopRelay(tenant);
      if (!relays.has(tenant) && !loop.stopped) {
        const relay = new TenantRelay({
          tenant,
          streamUrl: url,
          repo,
          storage,
          outbound: { allowPrivate: config.upstreamAllowPrivate },
          ffmpegPath: options.ffmpegPath ?? ffmpegBinary().path,
          now,
          log,
        });
        relays.set(tenant, relay);
        renewedAt.set(tenant, at);
        relay.start();
      }
      if (at - lastPrune >= PRUNE_EVERY_MS) await prune(tenant, at);
    } catch (err) {
      log(`live relay (${tenant}): ${(err as Error)?.message ?? String(err)}`);
      // The database is unreachable: past the lease's life another process may hold it, and
      // two relays must never write one tenant's playlist.
      const renewed = renewedAt.get(tenant);
      if (relays.has(tenant) && renewed !== undefined && loop.mayHaveLapsed(renewed, at)) await stopRelay(tenant);
    }
  }

  async function prune(tenant: Tenant, at: number): Promise<void> {
    for (;;) {
      const old = await repo.segmentsBefore(tenant, at - LIVE_WINDOW_MS);
      if (old.length === 0) break;
      const names = old.map((s) => s.name);
      await storage.remove(tenant, names);
      await repo.removeSegments(tenant, names);
    }
  }

  async function pass(): Promise<void> {
    for (const tenant of TENANTS) await tickTenant(tenant);
    if (now() - lastPrune >= PRUNE_EVERY_MS) lastPrune = now();
  }

  loop.start();

  return {
    holder,
    running: () => relays,
    tick: loop.tick,
    async stop() {
      await loop.stop();
      const tenants = [...relays.keys()];
      await Promise.all(tenants.map((t) => stopRelay(t)));
      await Promise.all(tenants.map((t) => repo.releaseLease(t, holder).catch(() => undefined)));
    },
  };
}
