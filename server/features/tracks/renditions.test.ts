import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { parseBuffer } from 'music-metadata';
import { beforeAll, expect, it } from 'vitest';
import type { Track } from '../../../domain/tracks';
import { ADMIN_KEY, describeEachEngine, freshAddress } from '../../test/test-app';
import { createStorage } from '../../media/storage';
import { jobQueue } from '../../jobs/job-queue';
import { TRACK_RENDITION_JOB, trackRenditionJob } from './renditions.service';

/** A real 128 kbps MP3 of a 4 s tone, made with the same ffmpeg the server uses. */
let originalMp3: Buffer;
beforeAll(() => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rendition-src-'));
  const file = path.join(dir, 'tone.mp3');
  execFileSync(ffmpegInstaller.path, ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=4', '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '128k', file]);
  originalMp3 = fs.readFileSync(file);
  fs.rmSync(dir, { recursive: true, force: true });
});

describeEachEngine('track renditions', (t) => {
  async function uploadedTrack(): Promise<Track> {
    const artist = await t().http().post('/api/artists').set('X-Forwarded-For', freshAddress()).send({ name: `Artist ${randomUUID().slice(0, 8)}`, bio: 'Bio', countryCode: 'GY' });
    await t().http().patch(`/api/artists/${artist.body.id}`).set('x-admin-key', ADMIN_KEY).send({ approved: true });
    const upload = await t().http().post('/api/uploads').set('X-Forwarded-For', freshAddress()).attach('file', originalMp3, { filename: 'tone.mp3', contentType: 'audio/mpeg' });
    expect(upload.status).toBe(201);
    const created = await t().http().post('/api/tracks').set('X-Forwarded-For', freshAddress()).send({ artistId: artist.body.id, title: 'Tone', genre: 'Soca', fileUrl: upload.body.url });
    expect(created.status).toBe(201);
    return created.body as Track;
  }

  /** A process of its own on the same database: a queue whose rendition job uses these options. */
  function process(options: Parameters<typeof trackRenditionJob>[1] = {}) {
    const jobs = jobQueue(t().db, { log: () => {} });
    const deps = { db: t().db, config: t().config, now: Date.now, storage: createStorage({ uploadDir: t().config.uploadDir }), jobs };
    jobs.handle(TRACK_RENDITION_JOB, trackRenditionJob(deps, options));
    return jobs;
  }

  const visitorTrack = async (track: Track): Promise<Track | undefined> =>
    ((await t().http().get(`/api/tracks?artist_id=${track.artistId}`).set('X-Forwarded-For', freshAddress())).body as Track[]).find((x) => x.id === track.id);

  it('approval answers at once and then makes a ~48 kbps rendition that visitors see as lowDataUrl', async () => {
    const track = await uploadedTrack();
    expect(track.lowDataUrl).toBeNull();
    const approved = await t().http().patch(`/api/tracks/${track.id}`).set('x-admin-key', ADMIN_KEY).send({ status: 'approved' });
    expect(approved.status).toBe(200);
    // The PATCH answer does not wait for ffmpeg.
    expect(approved.body.lowDataUrl).toBeNull();

    await expect.poll(async () => (await visitorTrack(track))?.lowDataUrl, { timeout: 60_000, interval: 200 }).toMatch(/^\/uploads\/[0-9a-f-]+\.m4a$/);
    const low = (await visitorTrack(track))!;
    expect(low.fileUrl).toBe(track.fileUrl);

    const file = await t().http().get(low.lowDataUrl!).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(file.status).toBe(200);
    const body = file.body as Buffer;
    expect(body.length).toBeLessThan(originalMp3.length / 2);
    const meta = await parseBuffer(body, { mimeType: 'audio/mp4' });
    expect(meta.format.codec).toMatch(/AAC/i);
    expect(meta.format.duration).toBeGreaterThan(3.5);
    expect(meta.format.bitrate! / 1000).toBeGreaterThan(30);
    expect(meta.format.bitrate! / 1000).toBeLessThan(64);
  });

  it('makes no rendition for a track that is only rejected or featured', async () => {
    const track = await uploadedTrack();
    await t().http().patch(`/api/tracks/${track.id}`).set('x-admin-key', ADMIN_KEY).send({ status: 'rejected' });
    await t().http().patch(`/api/tracks/${track.id}`).set('x-admin-key', ADMIN_KEY).send({ featured: true });
    expect(await process().status(TRACK_RENDITION_JOB, track.id)).toBeNull();
    expect((await t().db('tracks').where({ id: track.id }).first()).low_data_url).toBeNull();
  });

  it('leaves lowDataUrl empty (the original plays) when ffmpeg fails or hangs, and says why in the log', async () => {
    const track = await uploadedTrack();
    await t().db('tracks').where({ id: track.id }).update({ status: 'approved' });
    const lines: string[] = [];
    const broken = process({ ffmpegPath: '/nonexistent/ffmpeg', log: (l) => lines.push(l) });
    await broken.enqueue(TRACK_RENDITION_JOB, track.id, { trackId: track.id });
    await broken.idle();
    // Kept for a retry later (the queue's backoff), with the reason.
    expect(await broken.status(TRACK_RENDITION_JOB, track.id)).toMatchObject({ status: 'queued', attempts: 1 });
    // A binary that never finishes is killed after the time limit.
    const stuck = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'stuck-ffmpeg-')), 'ffmpeg');
    fs.writeFileSync(stuck, '#!/bin/sh\nexec sleep 60\n', { mode: 0o755 });
    await t().db('jobs').where({ subject: track.id }).update({ run_after: 0 });
    const hanging = process({ ffmpegPath: stuck, timeoutMs: 300, log: (l) => lines.push(l) });
    await hanging.idle();
    expect((await t().db('tracks').where({ id: track.id }).first()).low_data_url).toBeNull();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('rendition failed');
    expect(lines[1]).toContain('SIGKILL');
    expect(await hanging.status(TRACK_RENDITION_JOB, track.id)).toMatchObject({ status: 'queued', attempts: 2 });
    // Nothing half-made is stored.
    expect(fs.readdirSync(t().config.uploadDir).filter((n) => n.endsWith('.m4a'))).toHaveLength(1); // the first test's
  });

  it('never points ffmpeg at another host: an external fileUrl keeps playing the original', async () => {
    const track = await uploadedTrack();
    await t().db('tracks').where({ id: track.id }).update({ status: 'approved', file_url: 'https://media.example.com/x.mp3' });
    const lines: string[] = [];
    const service = process({ log: (l) => lines.push(l) });
    await service.enqueue(TRACK_RENDITION_JOB, track.id, { trackId: track.id });
    await service.idle();
    expect(lines).toEqual([]);
    expect(await service.status(TRACK_RENDITION_JOB, track.id)).toMatchObject({ status: 'done' });
    expect((await t().db('tracks').where({ id: track.id }).first()).low_data_url).toBeNull();
  });
});
