import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { until } from '../../test/until';
import { describeRecorder, LEASE_MS, TICK_MS, useLiveStation } from '../../test/recorder-suite';

// docs/recorder.md: two processes' recorders, each with its own pool, record one airing once (recorder-suite.ts).

const station = useLiveStation();

describeRecorder('station recorder, two processes', station, ({ t, markedAiring, recorder, secondPool, closed, episodesOf }) => {
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
});
