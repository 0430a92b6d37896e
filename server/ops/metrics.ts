import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { TENANTS, type Tenant } from '../../domain/tenants';
import type { Db } from '../db/knex';
import { loadSettings } from '../db/settings-store';
import type { JobQueue } from '../jobs/job-queue';
import { liveRepository } from '../features/live/live.repository';
import { nowPlayingRepository } from '../features/now-playing/now-playing.repository';
import { LAST_GOOD_MAX_AGE_MS } from '../features/now-playing/now-playing.service';

/**
 * Every metric of one app instance, in its own registry (docs/operations.md "Metrics"): two
 * apps in one test process never share a counter. Counters and histograms are counted as things
 * happen; gauges of state held elsewhere (the database, the relay, the recorder) are read when
 * Prometheus scrapes.
 */
export type StreamKind = 'now_playing' | 'chat';

/** What the relays and the recorder of this process report (server/index.ts, server/server.ts). */
export interface Watched {
  relays?: { running(): ReadonlyMap<Tenant, unknown> };
  recorder?: { active(): string[] };
}

export interface MetricsSources {
  db: Db;
  now: () => number;
  jobs?: Pick<JobQueue, 'backlog'>;
}

export type Metrics = ReturnType<typeof createMetrics>;

const seconds = (ms: number) => Math.max(0, ms) / 1000;

export function createMetrics(sources: MetricsSources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Gauges named like counters, which `promtool check metrics` refuses; nodejs_active_handles
  // and nodejs_active_requests (by type) say the same.
  for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']) registry.removeSingleMetric(name);
  const np = nowPlayingRepository(sources.db);
  const lastGood = async (tenant: Tenant) => (await np.cacheEntry(tenant).catch(() => null))?.good ?? null;
  const watched: Watched = {};
  const openCounts = new Map<string, number>();
  const registers = [registry];

  const requestDuration = new Histogram({
    name: 'radio_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern (never the raw URL), method and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });

  const openStreams = new Gauge({
    name: 'radio_open_streams',
    help: 'Streams open now in this process: now-playing events and chat',
    labelNames: ['kind', 'tenant'] as const,
    registers,
    collect() {
      for (const kind of ['now_playing', 'chat'] as const) for (const tenant of TENANTS) openStreams.set({ kind, tenant }, openCounts.get(`${kind} ${tenant}`) ?? 0);
    },
  });

  const listeners = new Gauge({
    name: 'radio_listeners',
    help: "Listeners per tenant: source=app counts this process's open player pages (now-playing streams), source=upstream is the station's own count",
    labelNames: ['tenant', 'source'] as const,
    registers,
    async collect() {
      listeners.reset();
      for (const tenant of TENANTS) {
        listeners.set({ tenant, source: 'app' }, openCounts.get(`now_playing ${tenant}`) ?? 0);
        const good = await lastGood(tenant);
        if (good && sources.now() - good.fetchedMs <= LAST_GOOD_MAX_AGE_MS && typeof good.data.listeners === 'number') {
          listeners.set({ tenant, source: 'upstream' }, good.data.listeners);
        }
      }
    },
  });

  /**
   * A gauge of one value per tenant, read when Prometheus scrapes: `null` leaves the tenant's
   * value as it was, absent when `reset` clears them all first. Each gauge reads its own
   * values: the registry collects them all at once, in no order.
   */
  const perTenant = (name: string, help: string, reset: boolean, read: (tenant: Tenant) => Promise<number | null> | number | null) => {
    const gauge: Gauge<'tenant'> = new Gauge({
      name,
      help,
      labelNames: ['tenant'] as const,
      registers,
      async collect() {
        if (reset) gauge.reset();
        for (const tenant of TENANTS) {
          const value = await read(tenant);
          if (value !== null) gauge.set({ tenant }, value);
        }
      },
    });
  };

  perTenant('radio_np_upstream_age_seconds', "Age of the upstream now-playing's last good answer, per tenant (absent without one)", true, async (tenant) => {
    const good = await lastGood(tenant);
    return good ? seconds(sources.now() - good.fetchedMs) : null;
  });
  perTenant('radio_relay_enabled', 'Whether the tenant asks for the live relay (its liveRelay setting with a stream URL)', false, async (tenant) => {
    const settings = await loadSettings(sources.db, tenant).catch(() => null);
    return settings ? (settings.liveRelay && settings.streamUrl ? 1 : 0) : null;
  });
  perTenant('radio_relay_running', "Whether this process runs the tenant's live relay (one process across all holds each lease)", false, (tenant) => (watched.relays?.running().has(tenant) ? 1 : 0));
  perTenant('radio_live_segment_age_seconds', "Seconds since the end of the tenant's newest live segment (absent before the relay made one)", true, async (tenant) => {
    const last = await liveRepository(sources.db).lastSegments(tenant).catch(() => []);
    return last.length === 0 ? null : seconds(sources.now() - Math.max(...last.map((s) => s.startedMs + s.duration * 1000)));
  });
  perTenant('radio_recorder_recordings', 'Airings this process records now, per tenant', false, (tenant) => (watched.recorder?.active() ?? []).filter((id) => id.startsWith(`${tenant}/`)).length);

  const pushes = new Counter({
    name: 'radio_push_total',
    help: 'Web Push reminders by outcome: sent, failed (to retry or given up), expired (the subscription is gone)',
    labelNames: ['outcome'] as const,
    registers,
  });
  for (const outcome of ['sent', 'failed', 'expired']) pushes.inc({ outcome }, 0);

  const jobs = new Gauge({
    name: 'radio_jobs',
    help: 'Background jobs due now, all processes together: queued (waiting) and running',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      const backlog = await sources.jobs?.backlog().catch(() => null);
      if (!backlog) return;
      jobs.set({ state: 'queued' }, backlog.queued);
      jobs.set({ state: 'running' }, backlog.running);
    },
  });

  const oldestJob = new Gauge({
    name: 'radio_jobs_oldest_queued_age_seconds',
    help: 'How long the longest-waiting due job has waited (0 when none waits)',
    registers,
    async collect() {
      const backlog = await sources.jobs?.backlog().catch(() => null);
      if (backlog) oldestJob.set(backlog.oldestDueMs === null ? 0 : seconds(sources.now() - backlog.oldestDueMs));
    },
  });

  const uploadBytes = new Counter({
    name: 'radio_upload_bytes_total',
    help: 'Bytes of uploads accepted (counted against the daily quotas)',
    registers,
  });

  const rateLimited = new Counter({
    name: 'radio_rate_limit_refusals_total',
    help: 'Requests refused by a per-address rate limit, by limit',
    labelNames: ['limit'] as const,
    registers,
  });

  return {
    registry,
    requestDuration,
    pushes,
    uploadBytes,
    rateLimited,
    /** A stream opened; call the answer when it closes. Chat streams use kind 'chat'. */
    streamOpened(kind: StreamKind, tenant: Tenant): () => void {
      const key = `${kind} ${tenant}`;
      openCounts.set(key, (openCounts.get(key) ?? 0) + 1);
      let closed = false;
      return () => {
        if (closed) return;
        closed = true;
        openCounts.set(key, (openCounts.get(key) ?? 1) - 1);
      };
    },
    /** The relays and the recorder of this process, once started. */
    watch(more: Watched): void {
      Object.assign(watched, more);
    },
    /** The document GET /metrics answers. */
    document: () => registry.metrics(),
    contentType: registry.contentType,
  };
}

/** The push transport, counted: 2xx sent, 404/410 expired, anything else failed (as push.service.ts classifies them). */
export function countedPushes<A extends unknown[], R extends { status: number }>(metrics: Metrics, transport: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args) => {
    try {
      const res = await transport(...args);
      metrics.pushes.inc({ outcome: res.status >= 200 && res.status < 300 ? 'sent' : res.status === 404 || res.status === 410 ? 'expired' : 'failed' });
      return res;
    } catch (err) {
      metrics.pushes.inc({ outcome: 'failed' });
      throw err;
    }
  };
}
