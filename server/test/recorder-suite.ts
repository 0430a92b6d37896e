import { afterAll, beforeAll, expect } from 'vitest';
import { startLiveStation, type LiveStation } from '../../bench/lib/live-station.mjs';
import type { TimedAiring } from '../../domain/airings';
import type { Episode } from '../../domain/episodes';
import type { Tenant } from '../../domain/tenants';
import { createDb, isPostgres, type Db } from '../db/knex';
import { loadSettings, saveSettings } from '../db/settings-store';
import { jobQueue } from '../jobs/job-queue';
import { createStorage } from '../media/storage';
import { adminHeaders } from './api-requests';
import { until } from './until';
import { describeEachEngine, PG_URL, type TestApp } from './test-app';
import { startRecorder, type Recorder, type RecorderOptions } from '../features/episodes/episodes.recorder';
import type { RecordedShow } from '../features/episodes/recordings.repository';

// The station recorder's suites (docs/recorder.md), split by concern into files that Vitest runs
// side by side (docs/setup.md, "How npm test spends its time"). A real station (Debian's icecast2
// fed by ffmpeg, bench/lib/live-station.mjs) is recorded by real recorders on the test's
// database; only the airing is short: the test hands the recorder an airing of a few seconds for
// the show it marked, instead of the show's weekly slot (the schedule's own reading is
// domain/airings.test.ts's).

export const TENANT: Tenant = 'watzhott';
export const TICK_MS = 250;
export const LEASE_MS = 2_000;

/** One real station for the file, started before its suites. */
export function useLiveStation(): () => LiveStation {
  let station: LiveStation | undefined;
  beforeAll(async () => {
    station = await startLiveStation(64, 1);
  }, 75_000);
  afterAll(async () => {
    await station?.stop();
  });
  return () => {
    if (!station) throw new Error('the station has not started');
    return station;
  };
}

let airingCounter = 0;

/** The helpers every recorder test uses, on one engine's test app. */
function recorderHelpers(t: () => TestApp, stationOf: () => LiveStation) {
  const station = {
    get url() {
      return stationOf().url;
    },
  };
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

  return { t, logs, setStream, markedShow, shortAiring, markedAiring, recorder, secondPool, episodesOf, recordingRow, closed };
}
export type RecorderHelpers = ReturnType<typeof recorderHelpers>;

/** `suite` on each engine (SQLite, and PostgreSQL with TEST_DATABASE_URL), with those helpers. */
export function describeRecorder(title: string, stationOf: () => LiveStation, suite: (r: RecorderHelpers) => void): void {
  describeEachEngine(title, (t) => suite(recorderHelpers(t, stationOf)), { upstreamAllowPrivate: true });
}
