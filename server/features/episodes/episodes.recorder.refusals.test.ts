import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/knex';
import { loadSettings, saveSettings } from '../../db/settings-store';
import { ffmpegBinary } from '../../media/ffmpeg';
import { adminHeaders } from '../../test/api-requests';
import { postShowOnAirNow } from '../../test/station-requests';
import { until } from '../../test/until';
import { testConfig } from '../../test/test-app';
import { startServer } from '../../server';
import { describeRecorder, TENANT, useLiveStation } from '../../test/recorder-suite';

// docs/recorder.md: streams that give nothing to keep, shows not marked, and the whole path in a
// running server (recorder-suite.ts).

const station = useLiveStation();

describeRecorder('station recorder, refusals', station, ({ t, markedShow, shortAiring, markedAiring, recorder, closed, episodesOf, recordingRow }) => {
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
});

// The whole path in a running server (server/server.ts), on its own SQLite file: a show marked to
// record whose real weekly slot, read in the station's zone, starts this minute is recorded, and
// closing the server (what SIGTERM does, server/index.ts) mid-show still leaves its draft.
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
      await saveSettings(running.db, TENANT, { ...settings, streamUrl: station().url } as never, Date.now());
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
