import { randomUUID } from 'node:crypto';
import { ADMIN_KEY, boundedFetch, nextAddress } from './helpers';

/**
 * The mixed read/write workload of the reliability tests, against the demo data. Per 20
 * requests: 12 public reads over READS, 2 artist searches (a new query string each), 1 admin
 * read (right key), 2 new prayers, 1 with a
 * fresh Idempotency-Key), 1 replay of an earlier key (same body: the same prayer again, nothing
 * new), 2 hearts on approved demo prayers. Every client has its own address per request, so the
 * per-address limits of docs/api.md never answer 429 here (the limits are tested elsewhere).
 */
export const READS = [
  '/api/health',
  '/api/artists',
  '/api/tracks',
  '/api/np',
  '/api/settings',
  '/api/sponsors',
  '/api/shows',
  '/api/events',
  '/api/prayers?tenant=caribbean&approved=true',
  '/api/settings?tenant=caribbean',
  '/api/np?tenant=caribbean',
];

type Kind = 'read' | 'search' | 'admin-read' | 'create' | 'create-idem' | 'replay' | 'heart';
const PLAN: Kind[] = [
  'create', 'read', 'search', 'heart', 'read', 'create-idem', 'read', 'admin-read', 'read', 'read',
  'create', 'read', 'search', 'heart', 'read', 'replay', 'read', 'read', 'read', 'read',
];
const EXPECTED: Record<Kind, number> = { read: 200, search: 200, 'admin-read': 200, create: 201, 'create-idem': 201, replay: 201, heart: 200 };
const isRead = (k: Kind) => k === 'read' || k === 'search' || k === 'admin-read';
export const WRITE_SHARE = `${PLAN.filter((k) => !isRead(k)).length} writes in ${PLAN.length} requests (prayers, prayers with Idempotency-Key, key replays, hearts), the rest reads over ${READS.length} public routes, artist searches (a new query string each) and one admin route`;

export interface WorkloadResult {
  requests: number;
  seconds: number;
  statuses: Map<number, number>;
  /** "POST /api/prayers → 429" for every answer other than the kind's expected status. */
  unexpected: Map<string, number>;
  /** Network errors and timeouts (no answer), with the first few messages. */
  errors: number;
  errorSamples: string[];
  /** Date.now() of the first error, or null. */
  firstErrorAt: number | null;
  latencies: number[];
  /** Ids of prayers answered 201 (first time, not replays). */
  acknowledged: string[];
  /** Hearts answered 200, per prayer id. */
  hearts: Map<string, number>;
  replays: number;
  /** Replays that did not give back the first answer's id. */
  replayMismatches: number;
}

export interface WorkloadOptions {
  base: string;
  concurrency: number;
  /** Stops starting requests after this many seconds, or when `stop()` says so. */
  seconds: number;
  stop?: () => boolean;
  /** Approved demo prayers to heart (ids); none → no hearts. */
  heartIds: string[];
  /** Per-request bound. */
  timeoutMs?: number;
  label?: string;
}

export async function approvedPrayerIds(base: string): Promise<{ id: string; hearts: number }[]> {
  const res = await boundedFetch(`${base}/api/prayers?tenant=caribbean&approved=true`, { headers: { 'x-forwarded-for': nextAddress() } });
  if (res.status !== 200) throw new Error(`approved prayers: ${res.status}`);
  return ((await res.json()) as { id: string; hearts: number }[]).map((p) => ({ id: p.id, hearts: p.hearts }));
}

export async function runWorkload(o: WorkloadOptions): Promise<WorkloadResult> {
  const r: WorkloadResult = {
    requests: 0,
    seconds: 0,
    statuses: new Map(),
    unexpected: new Map(),
    errors: 0,
    errorSamples: [],
    firstErrorAt: null,
    latencies: [],
    acknowledged: [],
    hearts: new Map(),
    replays: 0,
    replayMismatches: 0,
  };
  const label = o.label ?? 'load';
  const keys: { key: string; body: string; id: string }[] = [];
  const started = performance.now();
  const until = Date.now() + o.seconds * 1000;
  let n = 0;
  const client = async () => {
    while (Date.now() < until && !o.stop?.()) {
      n += 1;
      const i = n;
      let kind = PLAN[i % PLAN.length]!;
      if (kind === 'heart' && o.heartIds.length === 0) kind = 'read';
      if (kind === 'replay' && keys.length === 0) kind = 'read';
      const headers: Record<string, string> = { 'x-forwarded-for': nextAddress() };
      let url = o.base + READS[i % READS.length]!;
      let init: RequestInit = {};
      let idem: { key: string; body: string } | null = null;
      let replayOf: { key: string; body: string; id: string } | null = null;
      let heartId = '';
      switch (kind) {
        case 'search':
          // A new URL every time: whatever keeps something per URL must not keep it forever.
          url = `${o.base}/api/artists?q=${['kaiso', 'soca', 'reggae', 'zouk', 'gospel'][i % 5]}${i}`;
          break;
        case 'admin-read':
          url = `${o.base}/api/artists?approved=false`;
          headers['x-admin-key'] = ADMIN_KEY;
          break;
        case 'create':
        case 'create-idem': {
          url = `${o.base}/api/prayers?tenant=caribbean`;
          headers['content-type'] = 'application/json';
          const body = JSON.stringify({ text: `${label} prayer ${i} ${randomUUID().slice(0, 8)}` });
          if (kind === 'create-idem') {
            idem = { key: randomUUID(), body };
            headers['idempotency-key'] = idem.key;
          }
          init = { method: 'POST', body };
          break;
        }
        case 'replay': {
          replayOf = keys[i % keys.length]!;
          url = `${o.base}/api/prayers?tenant=caribbean`;
          headers['content-type'] = 'application/json';
          headers['idempotency-key'] = replayOf.key;
          init = { method: 'POST', body: replayOf.body };
          break;
        }
        case 'heart':
          heartId = o.heartIds[i % o.heartIds.length]!;
          url = `${o.base}/api/prayers/${heartId}?tenant=caribbean`;
          headers['content-type'] = 'application/json';
          init = { method: 'PATCH', body: JSON.stringify({ hearts: 1 }) };
          break;
      }
      const t0 = performance.now();
      try {
        const res = await boundedFetch(url, { ...init, headers }, o.timeoutMs ?? 15_000);
        const text = await res.text();
        r.requests += 1;
        r.latencies.push(performance.now() - t0);
        r.statuses.set(res.status, (r.statuses.get(res.status) ?? 0) + 1);
        if (res.status !== EXPECTED[kind]) {
          const what = `${init.method ?? 'GET'} ${new URL(url).pathname} → ${res.status}`;
          r.unexpected.set(what, (r.unexpected.get(what) ?? 0) + 1);
          continue;
        }
        const body = isRead(kind) ? null : (JSON.parse(text) as { id?: string });
        if ((kind === 'create' || kind === 'create-idem') && body?.id) {
          r.acknowledged.push(body.id);
          if (idem && keys.length < 500) keys.push({ ...idem, id: body.id });
        }
        if (kind === 'replay' && replayOf) {
          r.replays += 1;
          if (body?.id !== replayOf.id || res.headers.get('idempotent-replayed') !== 'true') r.replayMismatches += 1;
        }
        if (kind === 'heart') r.hearts.set(heartId, (r.hearts.get(heartId) ?? 0) + 1);
      } catch (err) {
        r.errors += 1;
        r.firstErrorAt ??= Date.now();
        if (r.errorSamples.length < 5) r.errorSamples.push(`${init.method ?? 'GET'} ${new URL(url).pathname}: ${(err as Error).message} ${String((err as { cause?: unknown }).cause ?? '')}`);
      }
    }
  };
  await Promise.all(Array.from({ length: o.concurrency }, client));
  r.seconds = (performance.now() - started) / 1000;
  return r;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

export function summary(r: WorkloadResult): { fiveXx: number; statuses: string; latency: string } {
  const sorted = [...r.latencies].sort((a, b) => a - b);
  const fiveXx = [...r.statuses].filter(([s]) => s >= 500).reduce((a, [, c]) => a + c, 0);
  return {
    fiveXx,
    statuses: [...r.statuses].sort(([a], [b]) => a - b).map(([s, c]) => `${s}×${c}`).join(', '),
    latency: `p50 ${Math.round(percentile(sorted, 50))}, p95 ${Math.round(percentile(sorted, 95))}, p99 ${Math.round(percentile(sorted, 99))}, max ${Math.round(sorted[sorted.length - 1] ?? NaN)}`,
  };
}
