import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLiveStation, type LiveStation } from '../../../bench/lib/live-station.mjs';
import type { Episode } from '../../../domain/episodes';
import type { CompiledServer } from '../../test/compiled-server';
import { adminJsonHeaders, postShowOnAirNow, putSettings } from '../../test/station-requests';
import { useTwoProcesses } from '../../test/two-processes';
import { until } from '../../test/until';
import { PG_URL } from '../../test/test-app';

// Two server processes as `npm start` runs them, on one PostgreSQL database (docs/recorder.md
// "Exactly once"): only PostgreSQL is shared by several processes (SQLite is one process's
// file), so without TEST_DATABASE_URL there is nothing to run. The show is a real one: its
// weekly slot, read in the station's zone, is this minute.
describe.skipIf(!PG_URL)('station recorder: two server processes on one PostgreSQL [postgres]', () => {
  let station: LiveStation;
  beforeAll(async () => {
    station = await startLiveStation(64, 1);
  }, 75_000);
  afterAll(async () => {
    await station?.stop();
  });
  const pair = useTwoProcesses('rec', { RECORDER_TICK_MS: '500', RECORDER_LEASE_MS: '3000' });

  it('one records the airing; killed mid-show, the other takes over within the lease; one draft episode; SIGTERM exits cleanly', async () => {
    const { servers, db } = pair();
    const [a, b] = servers as [CompiledServer, CompiledServer];
    const headers = adminJsonHeaders;
    const { put, current } = await putSettings(a.url, { streamUrl: station.url, radioHtmlEmbed: '<p>on air</p>' });
    expect(put.status).toBe(200);

    // A one-minute show, this minute: late in a minute, the next one (so it airs 25–60 s).
    const zone = current.timeZone as string;
    if (new Date().getSeconds() > 35) await sleep((61 - new Date().getSeconds()) * 1000);
    const endsAt = Math.ceil((Date.now() + 1) / 60_000) * 60_000;
    const showId = await postShowOnAirNow(a.url, zone, 'Minute Show', 1);

    const holderPid = async () => {
      const row = (await db('recordings').where({ show_id: showId, status: 'recording' }).andWhere('expires_ms', '>', Date.now()).first('holder')) as { holder: string } | undefined;
      return row ? Number(row.holder.split(':')[1]) : null;
    };
    const first = await until('a process to record', holderPid, 5_000);
    const [holder, other] = first === a.child.pid ? [a, b] : [b, a];
    expect(holder.child.pid).toBe(first);
    // Several passes of both later, still one claim, held by the same process.
    await sleep(3_000);
    expect(await holderPid()).toBe(holder.child.pid);
    expect(await db('recordings').where({ show_id: showId })).toHaveLength(1);

    const killedAt = Date.now();
    holder.child.kill('SIGKILL');
    await holder.exited;
    await until('the other process to take the airing over', async () => (await holderPid()) === other.child.pid, 10_000);
    const takeoverMs = Date.now() - killedAt;
    expect(takeoverMs).toBeLessThanOrEqual(3_000 + 2 * 500 + 1_000);

    const row = await until('the airing to close', async () => {
      const r = (await db('recordings').where({ show_id: showId }).first()) as { status: string; holder: string; episode_id: string } | undefined;
      return r && r.status !== 'recording' && r;
    }, 75_000);
    expect(row.status).toBe('done');
    expect(Number(row.holder.split(':')[1])).toBe(other.child.pid);
    const episodes = (await (await fetch(`${other.url}/api/episodes?show_id=${showId}`, { headers })).json()) as Episode[];
    expect(episodes).toHaveLength(1);
    expect(episodes[0]).toMatchObject({ id: row.episode_id, status: 'draft', source: 'recording', showId });
    // What the other recorded: from its take-over to the show's end (and icecast's 2 s burst).
    const expected = (endsAt - killedAt - takeoverMs) / 1000;
    expect(episodes[0]!.durationSeconds).toBeGreaterThanOrEqual(expected * 0.7);
    expect(episodes[0]!.durationSeconds).toBeLessThanOrEqual(expected + 4);
    // The dead process's part is gone with it; a visitor sees no draft.
    expect(((await (await fetch(`${other.url}/api/episodes?show_id=${showId}`)).json()) as Episode[]).length).toBe(0);

    other.child.kill('SIGTERM');
    expect(await other.exited).toBe(0);
    console.info(`recorder take-over after kill -9: ${takeoverMs} ms; draft ${episodes[0]!.durationSeconds} s (expected about ${expected.toFixed(1)} s)`);
  }, 180_000);
});
