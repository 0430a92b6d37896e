import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { PrayerSchema } from '../../../domain/prayers';
import { ADMIN_KEY, describeEachEngine, freshAddress } from '../../test/test-app';

const CARIBBEAN = '?tenant=caribbean';

describeEachEngine('prayers', (t) => {
  const post = (body: unknown, ip = freshAddress()) =>
    t().http().post(`/api/prayers${CARIBBEAN}`).set('X-Forwarded-For', ip).send(body as object);

  async function approvedPrayer(text = 'Pray for rain in the Rupununi'): Promise<string> {
    const created = await post({ text });
    expect(created.status).toBe(201);
    const moderated = await t()
      .http()
      .patch(`/api/prayers/${created.body.id}${CARIBBEAN}`)
      .set('x-admin-key', ADMIN_KEY)
      .send({ approved: true });
    expect(moderated.status).toBe(200);
    return created.body.id as string;
  }

  it('creates a pending prayer with forced fields and drops unknown ones', async () => {
    const res = await post({ text: '  Healing for my mother  ', nameOptional: '  ', approved: true, hearts: 99, evil: 'x' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ text: 'Healing for my mother', nameOptional: null, approved: false, hearts: 0 });
    expect(res.body).not.toHaveProperty('evil');
    expect(v.is(PrayerSchema, res.body)).toBe(true);
    const row = await t().db('prayers').where({ id: res.body.id }).first();
    expect(row).not.toHaveProperty('evil');
  });

  it('rejects blank text with the spec message and stores nothing', async () => {
    const before = await t().db('prayers').count({ n: '*' }).first();
    const res = await post({ text: '   ' });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: 'text', message: 'Please enter your prayer request before submitting.' }]);
    const after = await t().db('prayers').count({ n: '*' }).first();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });

  it('is gated to the caribbean tenant', async () => {
    const res = await t().http().get('/api/prayers?approved=true');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatch(/Caribbean Praise Radio/);
    const viaHost = await t().http().get('/api/prayers?approved=true').set('Host', 'radio.caribbeanpraise.test');
    expect(viaHost.status).toBe(200);
  });

  it('never lists pending prayers to visitors', async () => {
    const pending = await post({ text: 'A private request' });
    const list = await t().http().get(`/api/prayers${CARIBBEAN}&approved=true`);
    expect(list.status).toBe(200);
    expect(list.body.map((p: { id: string }) => p.id)).not.toContain(pending.body.id);
    const asked = await t().http().get(`/api/prayers${CARIBBEAN}&approved=false`);
    expect(asked.status).toBe(401);
    const admin = await t().http().get(`/api/prayers${CARIBBEAN}&approved=false`).set('x-admin-key', ADMIN_KEY);
    expect(admin.body.map((p: { id: string }) => p.id)).toContain(pending.body.id);
  });

  it('adds exactly one heart per call whatever number is sent, approved prayers only', async () => {
    const id = await approvedPrayer();
    const res = await t().http().patch(`/api/prayers/${id}${CARIBBEAN}`).set('X-Forwarded-For', freshAddress()).send({ hearts: 1000 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, hearts: 1 });
    const pending = await post({ text: 'not yet approved' });
    const refused = await t().http().patch(`/api/prayers/${pending.body.id}${CARIBBEAN}`).send({ hearts: 1 });
    expect(refused.status).toBe(404);
  });

  it('50 parallel hearts add exactly 50', async () => {
    const id = await approvedPrayer();
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        t().http().patch(`/api/prayers/${id}${CARIBBEAN}`).set('X-Forwarded-For', freshAddress()).send({ hearts: 1 }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const row = await t().db('prayers').where({ id }).first();
    expect(Number(row.hearts)).toBe(50);
  });

  it('lets only an admin moderate', async () => {
    const created = await post({ text: 'Moderate me' });
    const visitor = await t().http().patch(`/api/prayers/${created.body.id}${CARIBBEAN}`).send({ approved: true });
    expect(visitor.status).toBe(401);
    expect(visitor.body).toEqual({ error: 'Invalid admin key' });
  });

  it('replays an idempotent POST and refuses a reused key with another body', async () => {
    const ip = freshAddress();
    const send = (text: string) =>
      t().http().post(`/api/prayers${CARIBBEAN}`).set('X-Forwarded-For', ip).set('Idempotency-Key', 'outbox-1').send({ text });
    const first = await send('Once only');
    const again = await send('Once only');
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const rows = await t().db('prayers').where({ text: 'Once only' });
    expect(rows).toHaveLength(1);
    const other = await send('Something else');
    expect(other.status).toBe(409);
  });
});

describe('prayers rate limit', () => {
  describeEachEngine('public writes', (t) => {
    it('allows 20 a minute per address and route, then 429 with Retry-After', async () => {
      const ip = freshAddress();
      for (let i = 0; i < 20; i++) {
        const ok = await t().http().post(`/api/prayers${CARIBBEAN}`).set('X-Forwarded-For', ip).send({ text: `p${i}` });
        expect(ok.status).toBe(201);
      }
      const limited = await t().http().post(`/api/prayers${CARIBBEAN}`).set('X-Forwarded-For', ip).send({ text: 'one more' });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      const other = await t().http().post(`/api/prayers${CARIBBEAN}`).set('X-Forwarded-For', freshAddress()).send({ text: 'other' });
      expect(other.status).toBe(201);
      t().clock.advance(61_000);
      const later = await t().http().post(`/api/prayers${CARIBBEAN}`).set('X-Forwarded-For', ip).send({ text: 'later' });
      expect(later.status).toBe(201);
    });
  });
});

describeEachEngine('prayers tenant gate', (t) => {
  it('answers the gate 404 for every /api/prayers* path and method outside caribbean', async () => {
    for (const res of [
      await t().http().get('/api/prayers/some-id'),
      await t().http().put('/api/prayers').send({}),
      await t().http().delete('/api/prayers/x'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toMatch(/Caribbean Praise Radio/);
    }
    const onCaribbean = await t().http().put('/api/prayers?tenant=caribbean').send({});
    expect(onCaribbean.status).toBe(405);
  });
});

describeEachEngine('prayer review marks', (t) => {
  it('records the review on approve and on reject', async () => {
    const created = await t().http().post(`/api/prayers${CARIBBEAN}`).set('X-Forwarded-For', freshAddress()).send({ text: 'Review me' });
    expect(created.body.reviewedAt).toBeNull();
    const rejected = await t().http().patch(`/api/prayers/${created.body.id}${CARIBBEAN}`).set('x-admin-key', ADMIN_KEY).send({ approved: false });
    expect(rejected.body).toMatchObject({ approved: false, reviewedAt: expect.any(String) });
  });
});
