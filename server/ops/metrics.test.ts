import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OPS } from './logger';
import { countedPushes, createMetrics } from './metrics';
import { bearerMatches } from './metrics-endpoint';
import { createDb } from '../db/knex';
import { migrateLatest } from '../db/migrations';
import { jobsRepository } from '../jobs/jobs.repository';
import { startServer, type RunningServer } from '../server';
import { createTestApp, describeEachEngine, freshAddress, testConfig } from '../test/test-app';

// GET /metrics (docs/operations.md "Metrics"): only with METRICS_TOKEN or on METRICS_PORT,
// a document Prometheus's own checker accepts, request times by route pattern.

const TOKEN = 'metrics-token-0123456789abcdef';
const PROMTOOL = '/usr/bin/promtool';

/** `promtool check metrics` on the document: its complaints, empty when it accepts it. */
function promtoolCheck(document: string): string {
  // No silent skip: CI installs Debian's prometheus package (.ci/run).
  if (!fs.existsSync(PROMTOOL)) throw new Error(`${PROMTOOL} is missing: install Debian's prometheus package`);
  const run = spawnSync(PROMTOOL, ['check', 'metrics'], { input: document, encoding: 'utf8' });
  return run.status === 0 ? '' : `${run.stdout}${run.stderr}` || `exit ${run.status}`;
}

/** The value of one series in a text document, or undefined when absent. */
function sample(document: string, series: string): number | undefined {
  const line = document.split('\n').find((l) => l.startsWith(series + ' '));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describeEachEngine(
  'GET /metrics',
  (t) => {
    const scrape = () => t().http().get('/metrics').set('Authorization', `Bearer ${TOKEN}`);

    /** The 404 of a missing file (static-files.ts): what /metrics answers to anyone without the token. */
    const expectPlain404 = (res: { status: number; text: string; headers: Record<string, string> }) => {
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.text).toBe('Not found');
      expect(res.headers['cache-control']).toBeUndefined();
    };

    it('is a 404 without the token', async () => {
      expectPlain404(await t().http().get('/metrics'));
    });

    it('is a 404 with a wrong token or another scheme', async () => {
      for (const header of [`Bearer ${TOKEN}x`, 'Bearer wrong', `Basic ${TOKEN}`, TOKEN]) {
        expectPlain404(await t().http().get('/metrics').set('Authorization', header));
      }
    });

    it('answers the Prometheus text format with the token, and promtool accepts it', async () => {
      const res = await scrape();
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers['cache-control']).toBe('no-store');
      for (const name of [
        'radio_http_request_duration_seconds',
        'radio_open_streams',
        'radio_listeners',
        'radio_relay_enabled',
        'radio_relay_running',
        'radio_recorder_recordings',
        'radio_push_total',
        'radio_jobs',
        'radio_jobs_oldest_queued_age_seconds',
        'radio_upload_bytes_total',
        'radio_rate_limit_refusals_total',
        'process_cpu_seconds_total',
        'nodejs_eventloop_lag_seconds',
      ]) {
        expect(res.text).toContain(`# TYPE ${name} `);
      }
      expect(promtoolCheck(res.text)).toBe('');
    });

    it('times a request under its route pattern and status, never its raw URL', async () => {
      const series = 'radio_http_request_duration_seconds_count{method="GET",route="/api/artists/:id",status="404"}';
      const before = sample((await scrape()).text, series) ?? 0;
      await t().http().get('/api/artists/0a1b2c3d-0000-4000-8000-00000000beef');
      const after = (await scrape()).text;
      expect(sample(after, series)).toBe(before + 1);
      expect(after).not.toContain('00000000beef');
    });

    // Through the route (no Accept-Encoding), and opened before Koa (a browser's: now-playing.events-first.ts).
    it.each([{}, { 'Accept-Encoding': 'gzip, deflate, br' }])('counts open now-playing streams per tenant, and a chat gauge beside them (%j)', async (headers) => {
      const series = 'radio_open_streams{kind="now_playing",tenant="caribbean"}';
      const before = sample((await scrape()).text, series);
      const stream = await new Promise<http.IncomingMessage>((resolve, reject) => {
        http.get(`${t().url}/api/np/events?tenant=caribbean`, { headers: { 'X-Forwarded-For': freshAddress(), ...headers } }, resolve).on('error', reject);
      });
      expect(stream.statusCode).toBe(200);
      const open = (await scrape()).text;
      expect(sample(open, series)).toBe(before! + 1);
      expect(sample(open, 'radio_listeners{tenant="caribbean",source="app"}')).toBe(before! + 1);
      expect(sample(open, 'radio_open_streams{kind="chat",tenant="caribbean"}')).toBe(0);
      const closed = new Promise((resolve) => stream.once('close', resolve));
      stream.destroy();
      await closed;
      await expect.poll(async () => sample((await scrape()).text, series)).toBe(before);
    });

    it('counts rate-limit refusals by limit', async () => {
      const series = 'radio_rate_limit_refusals_total{limit="POST /api/artists"}';
      const before = sample((await scrape()).text, series) ?? 0;
      const address = freshAddress();
      for (let i = 0; i <= t().config.limits.publicWritesPerMinute; i++) {
        await t().http().post('/api/artists').set('X-Forwarded-For', address).send({});
      }
      expect(sample((await scrape()).text, series)).toBe(before + 1);
    });

    it("shows the job queue's depth and the age of its longest wait", async () => {
      await jobsRepository(t().db).enqueue('metrics-test-kind', 'one', {}, t().clock.now - 90_000);
      const text = (await scrape()).text;
      expect(sample(text, 'radio_jobs{state="queued"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'radio_jobs_oldest_queued_age_seconds')).toBeGreaterThanOrEqual(90);
    });
  },
  { ops: { ...DEFAULT_OPS, metricsToken: TOKEN } },
);

describe('GET /metrics beside the built app', () => {
  it("is a plain 404, never the app's page, with no token configured or a wrong one", async () => {
    const appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'radio-metrics-app-'));
    fs.writeFileSync(path.join(appDir, 'index.html'), '<!doctype html><title>radio</title><div id="root"></div>');
    for (const metricsToken of [null, TOKEN]) {
      const app = await createTestApp('sqlite', { appDir, ops: { ...DEFAULT_OPS, metricsToken } });
      try {
        const page = await app.http().get('/some/page');
        expect(page.status).toBe(200);
        expect(page.text).toContain('<title>radio</title>');
        const res = await app.http().get('/metrics').set('Authorization', 'Bearer not-the-token-at-all');
        expect(res.status).toBe(404);
        expect(res.text).toBe('Not found');
      } finally {
        await app.close();
      }
    }
    fs.rmSync(appDir, { recursive: true, force: true });
  });
});

describe('the metrics registry', () => {
  it('is one per app: two apps in a process never share a counter', async () => {
    const db = createDb('sqlite::memory:');
    try {
      const a = createMetrics({ db, now: Date.now });
      const b = createMetrics({ db, now: Date.now });
      a.uploadBytes.inc(5);
      expect(sample(await a.document(), 'radio_upload_bytes_total')).toBe(5);
      expect(sample(await b.document(), 'radio_upload_bytes_total')).toBe(0);
    } finally {
      await db.destroy();
    }
  });

  it('counts pushes sent, expired (404, 410) and failed (other statuses, network errors)', async () => {
    const db = createDb('sqlite::memory:');
    try {
      const metrics = createMetrics({ db, now: Date.now });
      const statuses = [201, 410, 404, 500];
      const send = countedPushes(metrics, async () => ({ status: statuses.shift()! }));
      for (let i = 0; i < 4; i++) await send();
      await expect(countedPushes(metrics, async () => Promise.reject(new Error('refused')))()).rejects.toThrow('refused');
      const text = await metrics.document();
      expect(sample(text, 'radio_push_total{outcome="sent"}')).toBe(1);
      expect(sample(text, 'radio_push_total{outcome="expired"}')).toBe(2);
      expect(sample(text, 'radio_push_total{outcome="failed"}')).toBe(2);
    } finally {
      await db.destroy();
    }
  });

  it('has alert rules (docs/prometheus-rules.yml) that promtool check rules accepts', () => {
    if (!fs.existsSync(PROMTOOL)) throw new Error(`${PROMTOOL} is missing: install Debian's prometheus package`);
    const rules = path.resolve(import.meta.dirname, '..', '..', 'docs', 'prometheus-rules.yml');
    const run = spawnSync(PROMTOOL, ['check', 'rules', rules], { encoding: 'utf8' });
    expect(`${run.stdout}${run.stderr}`).toContain('SUCCESS: 5 rules found');
    expect(run.status).toBe(0);
  });

  it('compares the bearer token whole', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
  });
});

describe('METRICS_PORT', () => {
  let running: RunningServer | undefined;
  let dir = '';
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'radio-metrics-port-'));
    const databaseUrl = `sqlite:${path.join(dir, 'm.sqlite3')}`;
    // A port that was free a moment ago.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const db = createDb(databaseUrl);
    await migrateLatest(db);
    await db.destroy();
    running = await startServer(testConfig(dir, databaseUrl, { ops: { ...DEFAULT_OPS, logLevel: 'silent', metricsPort: port } }), () => {});
  });
  afterAll(async () => {
    await running?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves /metrics on 127.0.0.1 without a token, and nothing else', async () => {
    const side = running!.metricsServer!;
    expect((side.server.address() as { address: string }).address).toBe('127.0.0.1');
    const res = await fetch(`${side.url}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('# TYPE radio_http_request_duration_seconds histogram');
    expect(promtoolCheck(text)).toBe('');
    expect((await fetch(`${side.url}/api/health`)).status).toBe(404);
    expect((await fetch(`${side.url}/`)).status).toBe(404);
  });

  it('leaves the main port answering 404 for /metrics without a token', async () => {
    expect((await fetch(`${running!.url}/metrics`)).status).toBe(404);
  });
});
