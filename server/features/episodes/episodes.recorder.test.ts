import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseFile } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLiveStation, type LiveStation } from '../../../bench/lib/live-station.mjs';
import type { TimedAiring } from '../../../domain/airings';
import type { Episode } from '../../../domain/episodes';
import type { Tenant } from '../../../domain/tenants';
import { createDb, isPostgres, type Db } from '../../db/knex';
import { loadSettings, saveSettings } from '../../db/settings-store';
import { jobQueue } from '../../jobs/job-queue';
import { ffmpegBinary } from '../../media/ffmpeg';
import { createStorage } from '../../media/storage';
import { adminHeaders } from '../../test/api-requests';
import { postShowOnAirNow } from '../../test/station-requests';
import { until } from '../../test/until';
import { describeEachEngine, PG_URL, testConfig } from '../../test/test-app';
import { startServer } from '../../server';
import { startRecorder, type Recorder, type RecorderOptions } from './episodes.recorder';
import type { RecordedShow } from './recordings.repository';

// docs/recorder.md. A real station (Debian's icecast2 fed by ffmpeg, bench/lib/live-station.mjs)
// is recorded by real recorders on the test's database; only the airing is short: the test hands
// the recorder an airing of a few seconds for the show it marked, instead of the show's weekly
// slot (the schedule's own reading is domain/airings.test.ts's).

const TENANT: Tenant = 'watzhott';
const TICK_MS = 250;
const LEASE_MS = 2_000;

let station: LiveStation;
beforeAll(async () => {
  station = await startLiveStation(64, 1);
}, 30_000);
afterAll(async () => {
  await station?.stop();
});

let airingCounter = 0;

describeEachEngine(
  'station recorder',
  (t) => {
    const logs: string[] = [];
    const recorders: Recorder[] = [];
    const extraDbs: Db[] = [];

    afterAll(async () => {
      for (const r of recorders) await r.abandon().catch(() => undefined);
      for (const db of extraDbs) await db.destroy();
    });

    async function setStream(url: string) {
      const current = await loadSettings(t().db, TENANT);
      const { tenant: _, ...settings } = current;
      await saveSettings(t().db, TENANT, { ...settings, streamUrl: url } as never, Date.now());
    }

    async function markedShow(title: string): Promise<string> {
      const res = await t()
        .http()
        .post('/api/shows')
        .set(adminHeaders())
        .send({ title, startTime: '03:00', endTime: '04:00', days: ['Sunday'], record: true });
      expect(res.status).toBe(201);
      expect(res.body.record).toBe(true);
      return res.body.id as string;
    }

    /** An airing of `showId` from now for `seconds`, under a key of its own. */
    function shortAiring(showId: string, seconds: number) {
      airingCounter += 1;
      const startsAtMs = Date.now();
      const airing = { key: `2026-11-26T${String(airingCounter).padStart(2, '0')}:00`, startsAtMs, endsAtMs: startsAtMs + seconds * 1000 };
      const airings = (shows: readonly RecordedShow[], nowMs: number): TimedAiring<RecordedShow>[] =>
        shows.filter((s) => s.id === showId && nowMs >= airing.startsAtMs && nowMs < airing.endsAtMs).map((show) => ({ show, ...airing }));
      return { airing, airings };
    }

    /** A new show marked to record, airing from now for `seconds`, on the stream `streamUrl`. */
    async function markedAiring(title: string, seconds: number, streamUrl = station.url) {
      await setStream(streamUrl);
      const showId = await markedShow(title);
      return { showId, ...shortAiring(showId, seconds) };
    }

    function recorder(db: Db, options: Partial<RecorderOptions> = {}, log = (line: string) => logs.push(line)): Recorder {
      const app = t();
      const r = startRecorder({
        deps: { db, config: { ...app.config, recorder: { tickMs: TICK_MS, leaseMs: LEASE_MS } }, storage: createStorage({ uploadDir: app.config.uploadDir }), jobs: jobQueue(db) },
        log,
        reconnectMinMs: 250,
        reconnectMaxMs: 1_000,
        connectMs: 2_000,
        idleMs: 3_000,
        ...options,
      });
      recorders.push(r);
      return r;
    }

    /** A pool of its own on the same database, as a second server process has. */
    async function secondPool(): Promise<Db> {
      let db: Db;
      if (isPostgres(t().db)) {
        const schema = ((await t().db.raw('select current_schema() as s')) as { rows: { s: string }[] }).rows[0]!.s;
        db = createDb(PG_URL!, { searchPath: schema });
      } else {
        db = createDb(t().config.databaseUrl);
      }
      extraDbs.push(db);
      return db;
    }

    const episodesOf = async (showId: string): Promise<Episode[]> => (await t().http().get(`/api/episodes?show_id=${showId}`).set(adminHeaders())).body as Episode[];
    const recordingRow = (showId: string) => t().db('recordings').where({ show_id: showId }).first();
    // One read per poll: with two, a row made between them was answered while still 'recording'.
    const closed = (showId: string) =>
      until('the airing closed', async () => {
        const row = await recordingRow(showId);
        return row && row.status !== 'recording' ? row : null;
      }, 30_000);

    it('records a marked show while it airs into exactly one draft episode about the airing long, its rendition queued', async () => {
      const { showId, airing, airings } = await markedAiring('Drive Time', 12);
      const r = recorder(t().db, { airings });
      await until('the recording to start', async () => r.active().length === 1, 5_000);
      const row = await closed(showId);
      await r.stop();
      expect(row.status).toBe('done');

      const episodes = await episodesOf(showId);
      expect(episodes).toHaveLength(1);
      const [episode] = episodes as [Episode];
      expect(episode).toMatchObject({ showId, status: 'draft', source: 'recording', publishedAt: null, id: row.episode_id });
      // The date as the lists write it ('Nov 26, 2026'), in the station's zone (America/Guyana by default).
      const date = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'America/Guyana' }).format(airing.startsAtMs);
      expect(episode.title).toBe(`Drive Time — ${date}`);
      expect(episode.durationSeconds).toBeGreaterThanOrEqual(12 * 0.8);
      expect(episode.durationSeconds).toBeLessThanOrEqual(12 * 1.2);
      // The stored file is what the episode says: its size, an MP3 of that length.
      const name = episode.audioUrl.slice('/uploads/'.length);
      const file = path.join(t().config.uploadDir, name);
      expect(fs.statSync(file).size).toBe(episode.bytes);
      const meta = await parseFile(file, { duration: true });
      expect(meta.format.codec).toMatch(/MPEG 1 Layer 3|MP3/i);
      expect(Math.abs((meta.format.duration ?? 0) - episode.durationSeconds)).toBeLessThanOrEqual(1);
      // The low-data rendition is queued as an uploaded episode's is.
      expect(await jobQueue(t().db).status('episode-rendition', episode.id)).toMatchObject({ status: 'queued' });
      console.info(`[${t().engine}] recorded 12 s airing: ${episode.durationSeconds} s, ${episode.bytes} bytes`);
    }, 40_000);

    it('a source that drops mid-show is reconnected and the parts joined: still one draft, about the airing less the gap', async () => {
      const AIRING_S = 18;
      const { showId, airings } = await markedAiring('Gospel Hour', AIRING_S);
      const lines: string[] = [];
      const r = recorder(t().db, { airings }, (line) => lines.push(line));
      await until('the recording to start', async () => r.active().length === 1, 5_000);
      await sleep(5_000);
      const droppedAt = Date.now();
      await station.stopSource();
      await sleep(3_000);
      await station.restartSource();
      const gapS = (Date.now() - droppedAt) / 1000;
      const row = await closed(showId);
      await r.stop();
      expect(row.status).toBe('done');
      const episodes = await episodesOf(showId);
      expect(episodes).toHaveLength(1);
      const done = lines.map((l) => JSON.parse(l) as { recorder: string; parts?: number }).find((l) => l.recorder === 'draft episode recorded');
      expect(done?.parts).toBeGreaterThanOrEqual(2);
      const seconds = episodes[0]!.durationSeconds;
      // At most the airing less the gap (and icecast's 2 s burst on each connect), and most of that.
      expect(seconds).toBeLessThanOrEqual(AIRING_S - gapS + 2 * 2);
      expect(seconds).toBeGreaterThanOrEqual((AIRING_S - gapS) * 0.7);
      console.info(`[${t().engine}] ${AIRING_S} s airing with a ${gapS.toFixed(1)} s drop: ${seconds} s in ${done?.parts} parts`);
    }, 60_000);

    it('two recorders, each with its own database pool, record one airing once; when the holder dies the other takes over within the lease', async () => {
      const AIRING_S = 14;
      const { showId, airings } = await markedAiring('Two Processes', AIRING_S);
      const second = await secondPool();
      const a = recorder(t().db, { airings, holder: 'process-a' });
      const b = recorder(second, { airings, holder: 'process-b' });
      await until('one of them to record', async () => a.active().length + b.active().length >= 1, 5_000);
      // Several passes of both later, still one recording.
      await sleep(2_000);
      expect(a.active().length + b.active().length).toBe(1);
      const [holder, other] = a.active().length === 1 ? [a, b] : [b, a];
      // The holder dies (no draft, no more heartbeats); the other takes the airing over.
      const diedAt = Date.now();
      await holder.abandon();
      await until('the other to take over', async () => other.active().length === 1, LEASE_MS + 3_000);
      const takeoverMs = Date.now() - diedAt;
      expect(takeoverMs).toBeLessThanOrEqual(LEASE_MS + 2 * TICK_MS + 1_000);
      const row = await closed(showId);
      await other.stop();
      expect(row).toMatchObject({ status: 'done', holder: other.holder });
      const episodes = await episodesOf(showId);
      expect(episodes).toHaveLength(1);
      // The rest of the airing after the take-over.
      expect(episodes[0]!.durationSeconds).toBeLessThanOrEqual(AIRING_S);
      expect(episodes[0]!.durationSeconds).toBeGreaterThanOrEqual(2);
      console.info(`[${t().engine}] take-over after the holder died: ${takeoverMs} ms; episode ${episodes[0]!.durationSeconds} s`);
    }, 40_000);

    it('two recorders side by side from the start make one episode', async () => {
      const { showId, airings } = await markedAiring('Side By Side', 5);
      const second = await secondPool();
      const a = recorder(t().db, { airings, holder: 'side-a' });
      const b = recorder(second, { airings, holder: 'side-b' });
      const row = await closed(showId);
      await Promise.all([a.stop(), b.stop()]);
      expect(row.status).toBe('done');
      expect(await episodesOf(showId)).toHaveLength(1);
      expect(await t().db('recordings').where({ show_id: showId })).toHaveLength(1);
    }, 30_000);

    it('a stream that never answers leaves no episode and one log line', async () => {
      // Takes connections and never answers them.
      const silent = net.createServer(() => undefined);
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const port = (silent.address() as net.AddressInfo).port;
      try {
        const { showId, airings } = await markedAiring('Silent Night', 6, `http://127.0.0.1:${port}/live`);
        const lines: string[] = [];
        const r = recorder(t().db, { airings }, (line) => lines.push(line));
        const row = await closed(showId);
        await r.stop();
        expect(row.status).toBe('empty');
        expect(await episodesOf(showId)).toHaveLength(0);
        // One line says so (api.md); a loaded machine may add a line about a slow pass, not another about this.
        const said = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((l) => l.airing !== undefined && l.recorder !== 'pass failed');
        expect(said, lines.join('\n')).toHaveLength(1);
        expect(said[0]).toMatchObject({ recorder: 'the stream never answered; no episode', error: expect.stringContaining('did not answer') });
      } finally {
        silent.close();
      }
    }, 30_000);

    it('the outbound guard refuses a link-local streamUrl (the cloud metadata address), even with UPSTREAM_ALLOW_PRIVATE on', async () => {
      expect(t().config.upstreamAllowPrivate).toBe(true);
      const { showId, airings } = await markedAiring('Metadata', 20, 'http://169.254.169.254/latest/meta-data/');
      const lines: string[] = [];
      const startedAt = Date.now();
      const r = recorder(t().db, { airings }, (line) => lines.push(line));
      const row = await closed(showId);
      // Refused at once, not retried until the show's end.
      expect(Date.now() - startedAt).toBeLessThan(5_000);
      await r.stop();
      expect(row.status).toBe('empty');
      expect(await episodesOf(showId)).toHaveLength(0);
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!).error).toMatch(/169\.254\.169\.254/);
    }, 30_000);

    // Issue 41: a station answering `Content-Type: audio/mpeg` with an HLS playlist naming a file
    // on this server made ffmpeg's concat demuxer copy that file into the episode.
    async function playlistStation(firstAnswerAudio: boolean) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'private-'));
      const tone = (file: string, hz: number, seconds: number) =>
        execFileSync(ffmpegBinary().path, ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `sine=f=${hz}:d=${seconds}`, '-c:a', 'libmp3lame', '-b:a', '64k', '-f', 'mp3', file]);
      const secret = path.join(dir, 'private-upload.mp3');
      tone(secret, 1000, 6);
      tone(path.join(dir, 'show.mp3'), 440, 3);
      const playlist = `#EXTM3U\n#EXT-X-TARGETDURATION:6\n${`#EXTINF:6,\nfile://${secret}\n`.repeat(9)}#EXT-X-ENDLIST\n`;
      let answers = 0;
      const server = http.createServer((_req, res) => {
        answers += 1;
        res.writeHead(200, { 'content-type': 'audio/mpeg' });
        res.end(firstAnswerAudio && answers === 1 ? fs.readFileSync(path.join(dir, 'show.mp3')) : playlist);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return {
        url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/live`,
        answers: () => answers,
        close: () => {
          server.close();
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    }

    /** A short airing of a new marked show, recorded from a playlistStation: what it left and logged. */
    async function recordFromPlaylistStation(firstAnswerAudio: boolean, title: string) {
      const fake = await playlistStation(firstAnswerAudio);
      try {
        const { showId, airings } = await markedAiring(title, 5, fake.url);
        const lines: string[] = [];
        const r = recorder(t().db, { airings }, (line) => lines.push(line));
        const row = await closed(showId);
        await r.stop();
        expect(fake.answers()).toBeGreaterThanOrEqual(2);
        return { showId, row, logged: lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
      } finally {
        fake.close();
      }
    }

    it('a stream that answers audio/mpeg with a playlist of this server\'s own files: nothing of it is kept, no episode', async () => {
      const { showId, row, logged } = await recordFromPlaylistStation(false, 'Playlist Only');
      expect(row.status).toBe('empty');
      expect(await episodesOf(showId)).toHaveLength(0);
      const said = logged.filter((l) => l.airing !== undefined);
      expect(said.map((l) => l.recorder)).toEqual(['part discarded: not audio of the stream format', 'the stream sent no audio; no episode']);
      expect(said[1]!.error).toMatch(/not MP3, AAC or Ogg audio/);
    }, 30_000);

    it('a stream whose later answers are such a playlist: the episode is the audio it sent, none of the named file', async () => {
      const { showId, row, logged } = await recordFromPlaylistStation(true, 'Playlist Later');
      expect(row.status).toBe('done');
      const episodes = await episodesOf(showId);
      expect(episodes).toHaveLength(1);
      // The 3 s the station sent as audio; each playlist would have added 9 × 6 s of the private file.
      expect(episodes[0]!.durationSeconds).toBeGreaterThanOrEqual(2);
      expect(episodes[0]!.durationSeconds).toBeLessThanOrEqual(4);
      const done = logged.find((l) => l.recorder === 'draft episode recorded');
      expect(done).toMatchObject({ parts: 1 });
      expect(done?.discarded).toBeGreaterThanOrEqual(1);
    }, 30_000);

    it('shows are not recorded unless marked, and the mark is kept through an edit', async () => {
      const plain = await t().http().post('/api/shows').set(adminHeaders()).send({ title: 'Unrecorded', startTime: '03:00', endTime: '04:00', days: ['Sunday'] });
      expect(plain.body.record).toBe(false);
      const marked = await markedShow('Kept Mark');
      const edited = await t().http().patch(`/api/shows/${marked}`).set(adminHeaders()).send({ title: 'Kept Mark, renamed' });
      expect(edited.body.record).toBe(true);
      const { airings } = shortAiring(plain.body.id as string, 3);
      const r = recorder(t().db, { airings });
      await sleep(1_500);
      expect(r.active()).toEqual([]);
      await r.stop();
      expect(await recordingRow(plain.body.id as string)).toBeUndefined();
    });
  },
  { upstreamAllowPrivate: true },
);

// The whole path in a running server (server/server.ts), on its own SQLite file: a show marked to
// record whose real weekly slot, read in the station's zone, starts this minute is recorded, and
// closing the server (what SIGTERM does, server/index.ts) mid-show still leaves its draft.
describe('station recorder in a running server', () => {
  it('records a show on air now by its schedule, and a shutdown mid-show leaves the draft of what was recorded', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'recorder-server-'));
    const config = testConfig(dir, `sqlite:${path.join(dir, 'db.sqlite3')}`, { recorder: { tickMs: 250, leaseMs: 2_000 } });
    const running = await startServer(config, () => undefined);
    try {
      const { tenant: _, ...settings } = await loadSettings(running.db, TENANT);
      await saveSettings(running.db, TENANT, { ...settings, streamUrl: station.url } as never, Date.now());
      const showId = await postShowOnAirNow(running.url, settings.timeZone, 'On Air Now', 3);
      const db = running.db;
      await until('the recording to start', async () => (await db('recordings').where({ show_id: showId, status: 'recording' }).first()) ?? null, 5_000);
      await sleep(6_000);
      await running.close();
    } catch (err) {
      await running.close();
      throw err;
    }
    const db = createDb(config.databaseUrl);
    try {
      const rows = await db('recordings');
      expect(rows).toHaveLength(1);
      expect(rows[0].status).toBe('done');
      const episodes = await db('episodes');
      expect(episodes).toHaveLength(1);
      expect(episodes[0]).toMatchObject({ status: 'draft', source: 'recording', id: rows[0].episode_id });
      expect(Number(episodes[0].duration_seconds)).toBeGreaterThanOrEqual(4);
      expect(Number(episodes[0].duration_seconds)).toBeLessThanOrEqual(10);
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000);
});

