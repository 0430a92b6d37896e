import fs from 'node:fs';
import path from 'node:path';
import { parseBuffer } from 'music-metadata';
import { beforeAll, expect, it } from 'vitest';
import type { Episode } from '../../../domain/episodes';
import { adminHeaders } from '../../test/api-requests';
import { speechLikeMp3, uploadEpisodeAudio } from '../../test/speech-audio';
import { describeEachEngine, freshAddress } from '../../test/test-app';

let speech: Buffer;
beforeAll(() => {
  speech = speechLikeMp3(20);
});

describeEachEngine('episodes (docs/api.md Round three)', (t) => {
  const admin = () => adminHeaders();
  const visitor = () => ({ 'X-Forwarded-For': freshAddress() });
  const download = async (url: string) => Buffer.from(await (await fetch(t().url + url)).arrayBuffer());

  async function newEpisode(body: Record<string, unknown> = {}): Promise<Episode> {
    const audioUrl = (await uploadEpisodeAudio(t(), speech)) as string;
    const res = await t().http().post('/api/episodes').set(admin()).send({ title: 'Sunday sermon', audioUrl, ...body });
    expect(res.status).toBe(201);
    return res.body as Episode;
  }

  it('an admin creates an episode from an upload: duration and bytes from the file, a draft until published', async () => {
    const episode = await newEpisode({ description: 'On patience' });
    expect(episode).toMatchObject({ title: 'Sunday sermon', description: 'On patience', status: 'draft', source: 'upload', publishedAt: null, showId: null, lowDataUrl: null });
    expect(episode.durationSeconds).toBeGreaterThanOrEqual(19);
    expect(episode.durationSeconds).toBeLessThanOrEqual(21);
    expect(episode.bytes).toBe(speech.length);

    // A visitor sees no draft, in the list or by id.
    expect(((await t().http().get('/api/episodes').set(visitor())).body as Episode[]).map((e) => e.id)).not.toContain(episode.id);
    expect((await t().http().get(`/api/episodes/${episode.id}`).set(visitor())).status).toBe(404);
    // An admin does.
    expect(((await t().http().get('/api/episodes').set(admin())).body as Episode[]).map((e) => e.id)).toContain(episode.id);

    const published = await t().http().patch(`/api/episodes/${episode.id}`).set(admin()).send({ status: 'published' });
    expect(published.status).toBe(200);
    expect(published.body.publishedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const seen = await t().http().get(`/api/episodes/${episode.id}`).set(visitor());
    expect(seen.status).toBe(200);
    expect(seen.body.title).toBe('Sunday sermon');
  });

  it('makes a low-data rendition in the background: Opus in MP4, at most 32 kbps', async () => {
    const episode = await newEpisode({ status: 'published' });
    await expect
      .poll(async () => ((await t().http().get(`/api/episodes/${episode.id}`).set(visitor())).body as Episode).lowDataUrl, { timeout: 60_000, interval: 250 })
      .toMatch(/^\/uploads\/[0-9a-f-]+\.m4a$/);
    const got = (await t().http().get(`/api/episodes/${episode.id}`).set(visitor())).body as Episode;
    const low = await download(got.lowDataUrl!);
    expect(got.lowDataBytes).toBe(low.length);
    const info = await parseBuffer(low, { mimeType: 'audio/mp4' });
    expect(info.format.trackInfo[0]?.codecName).toMatch(/opus/i);
    expect(info.format.duration).toBeGreaterThan(19);
    // ≤ 32 kbps with the container counted.
    expect((low.length * 8) / info.format.duration! / 1000).toBeLessThanOrEqual(32);
  });

  it('lists newest publication first, by show, in pages', async () => {
    const show = await t().http().post('/api/shows').set(admin()).send({ title: 'Morning Word', startTime: '06:00', endTime: '08:00', days: ['Monday'] });
    expect(show.status, JSON.stringify(show.body)).toBe(201);
    const a = await newEpisode({ title: 'First', showId: show.body.id, status: 'published' });
    t().clock.advance(1000);
    const b = await newEpisode({ title: 'Second', showId: show.body.id, status: 'published' });
    t().clock.advance(1000);
    const list = (await t().http().get(`/api/episodes?show_id=${show.body.id}`).set(visitor())).body as Episode[];
    expect(list.map((e) => e.id)).toEqual([b.id, a.id]);
    const page = await t().http().get(`/api/episodes?show_id=${show.body.id}&limit=1`).set(visitor());
    expect(page.body.map((e: Episode) => e.id)).toEqual([b.id]);
    const next = page.headers.link!.match(/<([^>]+)>/)![1]!;
    expect((await t().http().get(next).set(visitor())).body.map((e: Episode) => e.id)).toEqual([a.id]);
    // Another tenant has none of them.
    expect((await t().http().get('/api/episodes?tenant=caribbean').set(admin())).body.map((e: Episode) => e.id)).not.toContain(a.id);
  });

  it('refuses bad input with the field and a clear message, and a visitor altogether', async () => {
    const audioUrl = (await uploadEpisodeAudio(t(), speech)) as string;
    const cases: [Record<string, unknown>, string][] = [
      [{ audioUrl }, 'Episode title is required'],
      [{ title: 'X' }, 'An audio file is required'],
      [{ title: 'X', audioUrl: 'https://elsewhere.example/a.mp3' }, 'The audio must be a file uploaded here'],
      [{ title: 'X', audioUrl: '/uploads/00000000-0000-4000-8000-000000000000.mp3' }, 'The audio must be a file uploaded here'],
      [{ title: 'X', audioUrl, showId: 'nope' }, 'Show not found'],
    ];
    for (const [body, message] of cases) {
      const res = await t().http().post('/api/episodes').set(admin()).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe(message);
    }
    expect((await t().http().post('/api/episodes').set(visitor()).send({ title: 'X', audioUrl })).status).toBe(401);
    // Only an admin may start an episode upload.
    const refused = (await uploadEpisodeAudio(t(), speech, false)) as Response;
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: 'Episodes are uploaded by admins' });
  });

  it('accepts an episode of any bitrate (speech at 32 kbps) where a track needs 128', async () => {
    const low = speechLikeMp3(5, 32);
    const audioUrl = await uploadEpisodeAudio(t(), low);
    expect(audioUrl).toMatch(/^\/uploads\//);
  });

  it('deletes the row with its files, and the upload sweep keeps an episode\'s files', async () => {
    const episode = await newEpisode();
    await expect.poll(async () => ((await t().http().get(`/api/episodes/${episode.id}`).set(admin())).body as Episode).lowDataUrl, { timeout: 60_000 }).toBeTruthy();
    const withLow = (await t().http().get(`/api/episodes/${episode.id}`).set(admin())).body as Episode;
    const fileOf = (url: string) => path.join(t().config.uploadDir, url.slice('/uploads/'.length));
    expect(fs.existsSync(fileOf(withLow.audioUrl))).toBe(true);

    const { sweepUploads } = await import('../uploads/uploads.service');
    const { createStorage } = await import('../../media/storage');
    const { jobQueue } = await import('../../jobs/job-queue');
    const deps = { db: t().db, config: t().config, now: () => t().clock.now + 2 * 24 * 3600_000, storage: createStorage({ uploadDir: t().config.uploadDir }), jobs: jobQueue(t().db) };
    await sweepUploads(deps);
    expect(fs.existsSync(fileOf(withLow.audioUrl))).toBe(true);
    expect(fs.existsSync(fileOf(withLow.lowDataUrl!))).toBe(true);

    expect((await t().http().delete(`/api/episodes/${episode.id}`).set(admin())).status).toBe(204);
    expect(fs.existsSync(fileOf(withLow.audioUrl))).toBe(false);
    expect(fs.existsSync(fileOf(withLow.lowDataUrl!))).toBe(false);
    expect((await t().http().get(`/api/episodes/${episode.id}`).set(admin())).status).toBe(404);
    expect((await t().http().delete(`/api/episodes/${episode.id}`).set(admin())).status).toBe(404);
  });
});
