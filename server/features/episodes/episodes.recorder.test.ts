import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseFile } from 'music-metadata';
import { expect, it } from 'vitest';
import type { Episode } from '../../../domain/episodes';
import { jobQueue } from '../../jobs/job-queue';
import { until } from '../../test/until';
import { describeRecorder, useLiveStation } from '../../test/recorder-suite';

// docs/recorder.md: a marked show recorded while it airs, through a source that drops (recorder-suite.ts).

const station = useLiveStation();

describeRecorder('station recorder', station, ({ t, markedAiring, recorder, closed, episodesOf }) => {
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
    await station().stopSource();
    await sleep(3_000);
    await station().restartSource();
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
});
