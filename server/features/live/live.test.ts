import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, expect, it } from 'vitest';
import { LIVE_LADDER } from '../../../domain/live';
import { CuttableStream } from '../../test/cuttable-stream';
import { until } from '../../test/until';
import { describeEachEngine, freshAddress, type TestApp } from '../../test/test-app';
import { liveRepository } from './live.repository';
import { startLiveRelays, type LiveRelays } from './live.service';

const get = (t: TestApp, path: string) => t.http().get(path).set('X-Forwarded-For', freshAddress());

async function setRelay(t: TestApp, tenant: 'watzhott' | 'caribbean', settings: Record<string, unknown>) {
  await t.db('settings').where({ tenant }).delete();
  await t.db('settings').insert({ tenant, data: JSON.stringify(settings), updated_at: new Date().toISOString() });
}

/** How long the relay may take to do what a test waits for (ffmpeg's first segments, a take-over). */
const RELAY_WAIT_MS = 30_000;

describeEachEngine('live relay: lease', (t) => {
  it('gives the lease to one holder, renews it for that holder, and lets another take it once it lapsed', async () => {
    const repo = liveRepository(t().db);
    await t().db('live_leases').delete();
    expect(await repo.claimLease('watzhott', 'a', 1_000, 21_000)).toBe(true);
    expect(await repo.claimLease('watzhott', 'b', 2_000, 22_000)).toBe(false);
    expect(await repo.claimLease('watzhott', 'a', 5_000, 25_000)).toBe(true);
    expect(await repo.claimLease('watzhott', 'b', 24_000, 44_000)).toBe(false);
    // Tenants are leased apart.
    expect(await repo.claimLease('caribbean', 'b', 24_000, 44_000)).toBe(true);
    // a stopped renewing at 5 s: at 25.001 s the lease is b's.
    expect(await repo.claimLease('watzhott', 'b', 25_001, 45_001)).toBe(true);
    expect(await repo.leaseHolder('watzhott', 30_000)).toBe('b');
    expect(await repo.claimLease('watzhott', 'a', 30_000, 50_000)).toBe(false);
    await repo.releaseLease('watzhott', 'b');
    expect(await repo.leaseHolder('watzhott', 30_000)).toBeNull();
    expect(await repo.claimLease('watzhott', 'a', 30_000, 50_000)).toBe(true);
  });

  it('lets only one of many simultaneous claims win', async () => {
    const repo = liveRepository(t().db);
    await t().db('live_leases').delete();
    const wins = await Promise.all(Array.from({ length: 8 }, (_, i) => repo.claimLease('caribbean', `h${i}`, 1_000, 21_000)));
    expect(wins.filter(Boolean)).toHaveLength(1);
  });
});

describeEachEngine('live relay: routes', (t) => {
  it('answers 404 on every /live/ path while the relay is off', async () => {
    await setRelay(t(), 'watzhott', { streamUrl: 'https://stream.example.com/live', liveRelay: false });
    for (const path of ['/live/master.m3u8', '/live/low.m3u8', '/live/low-0badf00d-1.ts']) expect((await get(t(), path)).status).toBe(404);
    // On, but without a stream to relay, is off too.
    await setRelay(t(), 'watzhott', { liveRelay: true });
    expect((await get(t(), '/live/master.m3u8')).status).toBe(404);
  });

  it('serves the master playlist, rendition playlists a few seconds and segments for ever, per tenant', async () => {
    await setRelay(t(), 'caribbean', { streamUrl: 'https://stream.example.com/live', liveRelay: true });
    await setRelay(t(), 'watzhott', { streamUrl: 'https://stream.example.com/live', liveRelay: false });
    const master = await get(t(), '/live/master.m3u8?tenant=caribbean');
    expect(master.status).toBe(200);
    expect(master.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    expect(master.text).toContain('low.m3u8?tenant=caribbean');
    // Started, nothing published yet.
    const starting = await get(t(), '/live/low.m3u8?tenant=caribbean');
    expect(starting.status).toBe(503);
    expect(starting.headers['retry-after']).toBeDefined();

    const repo = liveRepository(t().db);
    const storage = (await import('./live.storage')).createLiveStorage({ uploadDir: t().config.uploadDir });
    const bytes = Buffer.from('G'.repeat(188 * 3));
    await storage.put('caribbean', 'low-0badf00d-0.ts', bytes);
    await repo.addSegment('caribbean', { rendition: 'low', seq: 0, disc: 0, name: 'low-0badf00d-0.ts', duration: 4, startedMs: Date.now() - 4000, bytes: bytes.length });
    // Out of the window: not listed.
    await repo.addSegment('caribbean', { rendition: 'mid', seq: 0, disc: 0, name: 'mid-0badf00d-0.ts', duration: 4, startedMs: Date.now() - 3 * 3600_000, bytes: 1 });

    const playlist = await get(t(), '/live/low.m3u8?tenant=caribbean');
    expect(playlist.status).toBe(200);
    expect(playlist.headers['cache-control']).toMatch(/max-age=[1-9]\b/);
    expect(playlist.text).toContain('low-0badf00d-0.ts?tenant=caribbean');
    expect((await get(t(), '/live/mid.m3u8?tenant=caribbean')).status).toBe(503);

    const segment = await get(t(), '/live/low-0badf00d-0.ts?tenant=caribbean').buffer(true);
    expect(segment.status).toBe(200);
    expect(segment.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(Buffer.compare(segment.body as Buffer, bytes)).toBe(0);
    // The other tenant's relay is off, and its names are not this tenant's.
    expect((await get(t(), '/live/low-0badf00d-0.ts')).status).toBe(404);
    expect((await get(t(), '/live/nope.m3u8?tenant=caribbean')).status).toBe(404);
    expect((await get(t(), '/live/..%2Fsettings.ts?tenant=caribbean')).status).toBe(404);
  });
});

describeEachEngine('live relay: a real relay of the demo stream', (t) => {
  const started: LiveRelays[] = [];
  afterAll(async () => {
    await Promise.all(started.map((r) => r.stop()));
  });

  it('publishes the ladder with date-times, runs once across two processes and moves when its holder stops renewing', async () => {
    await t().db('live_leases').delete();
    await t().db('live_segments').delete();
    await setRelay(t(), 'watzhott', { streamUrl: `${t().url}/demo/stream`, liveRelay: true });
    await setRelay(t(), 'caribbean', { liveRelay: false });
    const options = { db: t().db, config: t().config, renewMs: 200, ttlMs: 2_000, log: () => {} };
    const a = startLiveRelays({ ...options, holder: 'process-a' });
    started.push(a);
    await a.tick();
    const b = startLiveRelays({ ...options, holder: 'process-b' });
    started.push(b);
    await b.tick();
    expect([a.running().has('watzhott'), b.running().has('watzhott')].filter(Boolean)).toHaveLength(1);
    const [holder, other] = a.running().has('watzhott') ? [a, b] : [b, a];

    const playlist = await until('the first segments', async () => {
      const res = await get(t(), '/live/low.m3u8');
      return res.status === 200 && res.text.split('\n').filter((l) => l.endsWith('.ts')).length >= 2 && res.text;
    }, RELAY_WAIT_MS);
    const lines = playlist.split('\n');
    const names = lines.filter((l) => l.endsWith('.ts'));
    expect(lines.filter((l) => l.startsWith('#EXT-X-PROGRAM-DATE-TIME:')).length).toBe(names.length);
    // Each rung's encoder publishes its own first segment: on a loaded host another rung can
    // still answer 503 (starting) when the lowest has two; each must come to answer 200.
    for (const r of LIVE_LADDER) {
      await until(`${r.name}'s first segment`, async () => (await get(t(), `/live/${r.name}.m3u8`)).status === 200, RELAY_WAIT_MS);
    }
    const segment = await get(t(), `/live/${names[0]}`).buffer(true);
    expect(segment.status).toBe(200);
    // MPEG-TS: 188-byte packets, each starting with the sync byte.
    const body = segment.body as Buffer;
    expect(body.length % 188).toBe(0);
    expect(body[0]).toBe(0x47);
    expect(body[188]).toBe(0x47);

    // The holder's process dies (no clean stop: it just stops renewing), the other takes over.
    const holderRelay = holder.running().get('watzhott')!;
    await holder.stop();
    // stop() gave the lease up; a dead process leaves its lease to lapse. (The other's own loop
    // may have taken the given-up lease already: the dead process's lease replaces it.)
    await t().db('live_leases').insert({ tenant: 'watzhott', holder: 'dead-process', expires_ms: Date.now() + 1_500 }).onConflict('tenant').merge();
    expect(holderRelay.runs).toBeGreaterThanOrEqual(1);
    await other.tick();
    expect(other.running().has('watzhott')).toBe(false);
    await until('the other process to relay', async () => {
      await other.tick();
      return other.running().has('watzhott');
    }, RELAY_WAIT_MS);
    const before = names.length;
    const after = await until('segments from the new holder', async () => {
      const res = await get(t(), '/live/low.m3u8');
      return res.text.includes('#EXT-X-DISCONTINUITY\n') && res.text.split('\n').filter((l) => l.endsWith('.ts')).length > before && res.text;
    }, RELAY_WAIT_MS);
    // Numbering goes on across holders.
    const seqs = after.split('\n').filter((l) => l.endsWith('.ts')).map((n) => Number(/-(\d+)\.ts$/.exec(n)![1]));
    for (let i = 1; i < seqs.length; i += 1) expect(seqs[i]).toBe(seqs[i - 1]! + 1);

    // Turned off: the relay stops and the routes answer 404.
    await setRelay(t(), 'watzhott', { streamUrl: `${t().url}/demo/stream`, liveRelay: false });
    // A pass of the relay's own loop may be under way with the settings it read before: the
    // next pass stops it.
    await until('the relay to stop', async () => {
      await other.tick();
      return !other.running().has('watzhott');
    }, RELAY_WAIT_MS);
    expect((await get(t(), '/live/master.m3u8')).status).toBe(404);
  }, 90_000);

  it('marks a source that drops as a gap and reconnects to it, without a crash', async () => {
    // The other test's processes are gone.
    await Promise.all(started.splice(0).map((r) => r.stop()));
    await t().db('live_leases').delete();
    await t().db('live_segments').delete();
    const source = new CuttableStream();
    await source.start();
    await setRelay(t(), 'watzhott', { streamUrl: `http://127.0.0.1:${source.port}/live`, liveRelay: true });
    const lines: string[] = [];
    const relays = startLiveRelays({ db: t().db, config: t().config, renewMs: 200, ttlMs: 2_000, log: (l) => lines.push(l), holder: 'solo' });
    started.push(relays);
    const segmentsNow = async () => (await get(t(), '/live/low.m3u8')).text.split('\n').filter((l) => l.endsWith('.ts'));
    await until('the first segments', async () => (await segmentsNow()).length >= 2, RELAY_WAIT_MS);

    await source.cut();
    await until('the drop to be noticed', async () => lines.some((l) => /the source ended|ECONNREFUSED|the source dropped/.test(l)), RELAY_WAIT_MS);
    await sleep(2_000);
    await source.restore();
    const text = await until('segments after the gap', async () => {
      const res = await get(t(), '/live/low.m3u8');
      const after = res.text.split('#EXT-X-DISCONTINUITY\n')[1];
      return after && after.split('\n').filter((l) => l.endsWith('.ts')).length >= 1 && res.text;
    }, RELAY_WAIT_MS);
    // The date-time jumps over the gap: the first segment after it starts later than the last before it ended.
    const [before, after] = text.split('#EXT-X-DISCONTINUITY\n') as [string, string];
    const dates = (part: string) => [...part.matchAll(/#EXT-X-PROGRAM-DATE-TIME:(.+)\n#EXTINF:([\d.]+)/g)].map((m) => ({ at: Date.parse(m[1]!), duration: Number(m[2]) }));
    const last = dates(before).at(-1)!;
    const next = dates(after)[0]!;
    expect(next.at).toBeGreaterThan(last.at + last.duration * 1000 + 1_000);
    const relay = relays.running().get('watzhott')!;
    expect(relay.runs).toBeGreaterThanOrEqual(2);
    await source.cut();
  }, 90_000);
});
