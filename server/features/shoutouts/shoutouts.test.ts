import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import * as v from 'valibot';
import { defaultSettings, SettingsSchema } from '../../../domain/settings';
import { ShoutoutSchema, type Shoutout } from '../../../domain/shoutouts';
import type { Tenant } from '../../../domain/tenants';
import { DEFAULT_LIMITS } from '../../config';
import { saveSettings } from '../../db/settings-store';
import { HTML, PNG_1X1, TEXT, mp3, wav, wavOfSize, webm } from '../../test/media-fixtures';
import { ADMIN_KEY, describeEachEngine, freshAddress, type TestApp } from '../../test/test-app';

const SHOUTOUT_LIMIT = 64_000;
const CARIBBEAN = '?tenant=caribbean';
const AUDIO_URL = /^\/uploads\/[0-9a-f-]{36}\.[a-z0-9]+$/;

function storedFiles(app: TestApp): string[] {
  if (!fs.existsSync(app.config.uploadDir)) return [];
  return fs.readdirSync(app.config.uploadDir).filter((name) => name !== '.tmp');
}

function tempFiles(app: TestApp): string[] {
  const dir = path.join(app.config.uploadDir, '.tmp');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

interface SendOptions {
  name?: string;
  query?: string;
  ip?: string;
  filename?: string;
  contentType?: string;
  field?: string;
  idempotencyKey?: string;
}

describeEachEngine(
  'shoutouts',
  (t) => {
    const send = (data: Buffer | null, o: SendOptions = {}) => {
      const req = t()
        .http()
        .post(`/api/shoutouts${o.query ?? ''}`)
        .set('X-Forwarded-For', o.ip ?? freshAddress());
      if (o.idempotencyKey) req.set('Idempotency-Key', o.idempotencyKey);
      if (o.name !== undefined) req.field('nameOptional', o.name);
      if (data) req.attach(o.field ?? 'audio', data, { filename: o.filename ?? 'shoutout.wav', contentType: o.contentType ?? 'audio/wav' });
      return req;
    };
    const adminList = (query = '') => t().http().get(`/api/shoutouts${query}`).set('X-Forwarded-For', freshAddress()).set('x-admin-key', ADMIN_KEY);
    const patch = (id: string, body: unknown, query = '', key: string | null = ADMIN_KEY) => {
      const req = t().http().patch(`/api/shoutouts/${id}${query}`).set('X-Forwarded-For', freshAddress());
      if (key !== null) req.set('x-admin-key', key);
      return req.send(body as object);
    };
    const ids = (list: Shoutout[]) => list.map((s) => s.id);
    const rowCount = async () => Number((await t().db('shoutouts').count({ n: '*' }).first())?.n);
    /** Sends, expects `status` with a JSON error, and checks no row, stored file or temporary file was left. */
    const refusedKeepingNothing = async (status: number, sending: () => Promise<{ status: number; body: { error?: unknown } }>) => {
      const before = await rowCount();
      const files = storedFiles(t()).length;
      const res = await sending();
      expect(res.status).toBe(status);
      expect(typeof res.body.error).toBe('string');
      expect(await rowCount()).toBe(before);
      expect(storedFiles(t())).toHaveLength(files);
      expect(tempFiles(t())).toEqual([]);
    };

    async function setShoutouts(tenant: Tenant, enabled: boolean): Promise<void> {
      const settings = v.parse(SettingsSchema, {
        ...defaultSettings(tenant),
        streamUrl: 'https://stream.example.com/live',
        radioHtmlEmbed: '<audio src="https://stream.example.com/live"></audio>',
        enableShoutouts: enabled,
      });
      await saveSettings(t().db, tenant, settings, t().clock.now);
    }

    async function created(o: SendOptions = {}): Promise<Shoutout> {
      const res = await send(wav(22050, 1, 16), o);
      expect(res.status).toBe(201);
      return res.body as Shoutout;
    }

    // ------------------------------------------------------------ POST

    it('creates a pending shoutout from a multipart audio file, with the audio served back', async () => {
      const audio = wav(22050, 1, 16);
      const res = await send(audio, { name: '  DJ Kevin from Linden  ' });
      expect(res.status).toBe(201);
      expect(v.is(ShoutoutSchema, res.body)).toBe(true);
      expect(Object.keys(res.body).sort()).toEqual(['approved', 'audioUrl', 'createdAt', 'id', 'nameOptional', 'reviewedAt']);
      expect(res.body).toMatchObject({ nameOptional: 'DJ Kevin from Linden', approved: false });
      expect(res.body.audioUrl).toMatch(AUDIO_URL);
      expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);

      const row = await t().db('shoutouts').where({ id: res.body.id }).first();
      expect(row.tenant).toBe('watzhott');
      expect([false, 0]).toContain(row.approved);
      expect(row.audio_url).toBe(res.body.audioUrl);

      const file = await fetch(t().url + res.body.audioUrl);
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(audio)).toBe(true);
      expect(tempFiles(t())).toEqual([]);
    });

    it('accepts a low-bitrate voice recording (no 128 kbps rule for shoutouts) and an MP3', async () => {
      expect((await send(wav(8000, 1, 8))).status).toBe(201);
      const res = await send(mp3(96), { filename: 'voice.mp3', contentType: 'audio/mpeg' });
      expect(res.status).toBe(201);
      expect(res.body.audioUrl.endsWith('.mp3')).toBe(true);
    });

    it('accepts a browser WebM recording, whatever the part is called', async () => {
      const res = await send(webm(), { filename: 'blob', contentType: 'application/octet-stream' });
      expect(res.status).toBe(201);
      expect(res.body.audioUrl).toMatch(/\.webm$/);
    });

    it('stores a blank or absent name as null, and ignores fields a visitor may not set', async () => {
      expect((await created()).nameOptional).toBeNull();
      expect((await created({ name: '   ' })).nameOptional).toBeNull();

      const res = await send(wav(22050, 1, 16), { name: 'Auntie' }).field('approved', 'true').field('audioUrl', 'https://evil.example.com/x.mp3');
      expect(res.status).toBe(201);
      expect(res.body.approved).toBe(false);
      expect(res.body.audioUrl).toMatch(AUDIO_URL);
      const row = await t().db('shoutouts').where({ id: res.body.id }).first();
      expect([false, 0]).toContain(row.approved);
    });

    it('bounds the name at 80 characters', async () => {
      expect((await created({ name: 'n'.repeat(80) })).nameOptional).toBe('n'.repeat(80));
      const before = await rowCount();
      const files = storedFiles(t()).length;
      const res = await send(wav(22050, 1, 16), { name: 'n'.repeat(81) });
      expect(res.status).toBe(400);
      expect(res.body.issues).toEqual([{ path: 'nameOptional', message: 'Please keep your name under 80 characters.' }]);
      expect(await rowCount()).toBe(before);
      expect(storedFiles(t())).toHaveLength(files);
    });

    it.each([
      ['a PNG image', PNG_1X1, 'photo.png', 'image/png'],
      ['a text file', TEXT, 'shoutout.wav', 'audio/wav'],
      ['an HTML page renamed .webm', HTML, 'shoutout.webm', 'audio/webm'],
    ])('answers 415 for %s and stores nothing', async (_label, data, filename, contentType) => {
      await refusedKeepingNothing(415, () => send(data, { filename, contentType, name: 'x' }));
    });

    it('answers 400 to JSON naming a file that is not a finished shoutout upload', async () => {
      const before = await rowCount();
      for (const audioUrl of ['/uploads/x.wav', '/uploads/00000000-0000-4000-8000-000000000000.wav', 'https://elsewhere.example/a.mp3']) {
        const res = await t().http().post('/api/shoutouts').set('X-Forwarded-For', freshAddress()).send({ nameOptional: 'x', audioUrl });
        expect(res.status).toBe(400);
        expect(res.body.error).toBe('audioUrl must name a finished shoutout upload');
      }
      expect(await rowCount()).toBe(before);
    });

    it('answers 400 without a recording: none sent, empty, or under another field name', async () => {
      const before = await rowCount();
      const none = await send(null, { name: 'No audio' });
      expect(none.status).toBe(400);
      expect(none.body.issues).toEqual([{ path: 'audio', message: expect.any(String) }]);
      expect((await send(Buffer.alloc(0))).status).toBe(400);
      expect((await send(wav(22050, 1, 16), { field: 'file' })).status).toBe(400);
      expect(await rowCount()).toBe(before);
      expect(tempFiles(t())).toEqual([]);
    });

    it('accepts a recording at the size limit and answers 413 over it', async () => {
      expect((await send(wavOfSize(SHOUTOUT_LIMIT))).status).toBe(201);
      await refusedKeepingNothing(413, () => send(wavOfSize(SHOUTOUT_LIMIT + 4)));
    });

    // ------------------------------------------------------------ enableShoutouts

    it('answers 403 while the tenant has shoutouts turned off, on that tenant only', async () => {
      await setShoutouts('caribbean', false);
      try {
        const before = await rowCount();
        const files = storedFiles(t()).length;
        const off = await send(wav(22050, 1, 16), { query: CARIBBEAN, name: 'Blocked' });
        expect(off.status).toBe(403);
        expect(typeof off.body.error).toBe('string');
        // Refused before the body is read: even a bad file gets 403…
        expect((await send(TEXT, { query: CARIBBEAN, filename: 'x.txt', contentType: 'text/plain' })).status).toBe(403);
        // …and a recording over the size limit gets 403 too, not 413.
        expect((await send(wavOfSize(1_000_004), { query: CARIBBEAN })).status).toBe(403);
        const viaHost = await t()
          .http()
          .post('/api/shoutouts')
          .set('Host', 'radio.caribbeanpraise.test')
          .set('X-Forwarded-For', freshAddress())
          .attach('audio', wav(22050, 1, 16), { filename: 's.wav', contentType: 'audio/wav' });
        expect(viaHost.status).toBe(403);
        expect(await rowCount()).toBe(before);
        expect(storedFiles(t())).toHaveLength(files);

        // The other tenant is unaffected.
        expect((await send(wav(22050, 1, 16), { name: 'Still on' })).status).toBe(201);
      } finally {
        await setShoutouts('caribbean', true);
      }
      const on = await send(wav(22050, 1, 16), { query: CARIBBEAN, name: 'Back on' });
      expect(on.status).toBe(201);
    });

    it('answers 403 when turned off through a stored row holding only that setting', async () => {
      await t()
        .db('settings')
        .insert({ tenant: 'watzhott', data: JSON.stringify({ enableShoutouts: false }), updated_at: new Date(t().clock.now).toISOString() })
        .onConflict('tenant')
        .merge(['data', 'updated_at']);
      try {
        expect((await send(wav(22050, 1, 16))).status).toBe(403);
        expect((await send(wav(22050, 1, 16), { query: CARIBBEAN })).status).toBe(201);
      } finally {
        await setShoutouts('watzhott', true);
      }
      expect((await send(wav(22050, 1, 16))).status).toBe(201);
    });

    // ------------------------------------------------------------ GET (admin)

    it('GET is admin only: 401 without a key or with a wrong key', async () => {
      await created();
      for (const query of ['', '?approved=true', '?approved=false', CARIBBEAN]) {
        const res = await t().http().get(`/api/shoutouts${query}`).set('X-Forwarded-For', freshAddress());
        expect(res.status, query).toBe(401);
        expect(res.body).toEqual({ error: 'Invalid admin key' });
      }
      const wrong = await t().http().get('/api/shoutouts').set('X-Forwarded-For', freshAddress()).set('x-admin-key', 'nope');
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ error: 'Invalid admin key' });
    });

    it('lists for an admin with approved=true|false filters, all when absent', async () => {
      const pending = await created({ name: 'Pending one' });
      const approved = await created({ name: 'Approved one' });
      expect((await patch(approved.id, { approved: true })).status).toBe(200);

      const all = await adminList();
      expect(all.status).toBe(200);
      expect(ids(all.body)).toEqual(expect.arrayContaining([pending.id, approved.id]));
      for (const s of all.body) expect(v.is(ShoutoutSchema, s)).toBe(true);

      const onlyPending = await adminList('?approved=false');
      expect(ids(onlyPending.body)).toContain(pending.id);
      expect(ids(onlyPending.body)).not.toContain(approved.id);
      expect(onlyPending.body.every((s: Shoutout) => !s.approved)).toBe(true);

      const onlyApproved = await adminList('?approved=true');
      expect(ids(onlyApproved.body)).toContain(approved.id);
      expect(ids(onlyApproved.body)).not.toContain(pending.id);
      expect(onlyApproved.body.every((s: Shoutout) => s.approved)).toBe(true);
    });

    it('keeps shoutouts to their tenant', async () => {
      const caribbean = await created({ query: CARIBBEAN, name: 'From Praise' });
      const watzhott = await created({ name: 'From Watzhott' });
      expect((await t().db('shoutouts').where({ id: caribbean.id }).first()).tenant).toBe('caribbean');

      const onWatzhott = ids((await adminList()).body);
      expect(onWatzhott).toContain(watzhott.id);
      expect(onWatzhott).not.toContain(caribbean.id);
      const onCaribbean = ids((await adminList(CARIBBEAN)).body);
      expect(onCaribbean).toContain(caribbean.id);
      expect(onCaribbean).not.toContain(watzhott.id);
      const viaHost = await t().http().get('/api/shoutouts').set('Host', 'caribbeanpraise.test').set('x-admin-key', ADMIN_KEY);
      expect(ids(viaHost.body)).toContain(caribbean.id);

      // Moderation is scoped too: the other tenant cannot see or change it.
      const cross = await patch(caribbean.id, { approved: true });
      expect(cross.status).toBe(404);
      expect([false, 0]).toContain((await t().db('shoutouts').where({ id: caribbean.id }).first()).approved);
      const same = await patch(caribbean.id, { approved: true }, CARIBBEAN);
      expect(same.status).toBe(200);
      expect(same.body).toEqual({ ...caribbean, approved: true, reviewedAt: expect.any(String) });
    });

    // ------------------------------------------------------------ PATCH (admin)

    it('PATCH is admin only: 401 without a key or with a wrong key, and nothing changes', async () => {
      const s = await created();
      const none = await patch(s.id, { approved: true }, '', null);
      expect(none.status).toBe(401);
      expect(none.body).toEqual({ error: 'Invalid admin key' });
      const wrong = await patch(s.id, { approved: true }, '', 'wrong-key');
      expect(wrong.status).toBe(401);
      expect([false, 0]).toContain((await t().db('shoutouts').where({ id: s.id }).first()).approved);
    });

    it('PATCH approves and unapproves, changing nothing else', async () => {
      const s = await created({ name: 'Moderate me' });
      const approved = await patch(s.id, { approved: true, nameOptional: 'Hacked', audioUrl: 'https://evil.example.com/x.mp3' });
      expect(approved.status).toBe(200);
      expect(approved.body).toEqual({ ...s, approved: true, reviewedAt: expect.any(String) });
      expect(v.is(ShoutoutSchema, approved.body)).toBe(true);
      const back = await patch(s.id, { approved: false });
      expect(back.status).toBe(200);
      expect(back.body).toEqual({ ...s, reviewedAt: expect.any(String) });
      expect([false, 0]).toContain((await t().db('shoutouts').where({ id: s.id }).first()).approved);
    });

    it('PATCH answers 400 for a missing or non-boolean approved and 404 for an unknown id', async () => {
      const s = await created();
      const empty = await patch(s.id, {});
      expect(empty.status).toBe(400);
      expect(empty.body.issues).toEqual([{ path: 'approved', message: 'approved must be true or false' }]);
      const wrongType = await patch(s.id, { approved: 'true' });
      expect(wrongType.status).toBe(400);
      expect(wrongType.body.issues).toEqual([{ path: 'approved', message: 'approved must be true or false' }]);
      const missing = await patch(randomUUID(), { approved: true });
      expect(missing.status).toBe(404);
      expect(typeof missing.body.error).toBe('string');
    });

    // ------------------------------------------------------------ idempotency and rate limit

    it('replays an idempotent POST (same status and body, one row, one file) and answers 409 to another body', async () => {
      const ip = freshAddress();
      const key = `outbox-${randomUUID()}`;
      const audio = wav(22050, 1, 16);
      const rows = await rowCount();
      const files = storedFiles(t()).length;
      const first = await send(audio, { ip, idempotencyKey: key, name: 'Once' });
      const again = await send(audio, { ip, idempotencyKey: key, name: 'Once' });
      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(await rowCount()).toBe(rows + 1);
      expect(storedFiles(t())).toHaveLength(files + 1);

      expect((await send(audio, { ip, idempotencyKey: key, name: 'Twice' })).status).toBe(409);
      expect((await send(wav(44100, 1, 16), { ip, idempotencyKey: key, name: 'Once' })).status).toBe(409);
      expect(await rowCount()).toBe(rows + 1);
      expect(storedFiles(t())).toHaveLength(files + 1);
      expect(tempFiles(t())).toEqual([]);
    });

    it('allows 20 POSTs a minute per address, then 429 with Retry-After', async () => {
      const ip = freshAddress();
      for (let i = 0; i < 20; i++) expect((await send(wav(8000, 1, 8), { ip, name: `s${i}` })).status).toBe(201);
      const before = await rowCount();
      const limited = await send(wav(8000, 1, 8), { ip, name: 's21' });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(await rowCount()).toBe(before);
      expect((await send(wav(8000, 1, 8))).status).toBe(201);
      t().clock.advance(61_000);
      expect((await send(wav(8000, 1, 8), { ip })).status).toBe(201);
    });
  },
  { limits: { ...DEFAULT_LIMITS, shoutoutBytes: SHOUTOUT_LIMIT } },
);

describeEachEngine('shoutouts with the default limits', (t) => {
  it('allows 10 MB recordings', () => {
    expect(t().config.limits.shoutoutBytes).toBe(10 * 1024 * 1024);
  });

  it('answers 413 to a recording over 10 MB', async () => {
    const res = await t()
      .http()
      .post('/api/shoutouts')
      .set('X-Forwarded-For', freshAddress())
      .attach('audio', wavOfSize(10 * 1024 * 1024 + 4), { filename: 'long.wav', contentType: 'audio/wav' });
    expect(res.status).toBe(413);
    expect(await t().db('shoutouts')).toHaveLength(0);
  });
});
