import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import * as v from 'valibot';
import { ArtistSchema, type Artist } from '../../../domain/artists';
import { expectIssues } from '../../test/api-requests';
import { artistRequests, token, type Body } from '../../test/artist-requests';
import { describeEachEngine, freshAddress, postRaw } from '../../test/test-app';

// POST /api/artists: what a visitor may send and what is stored; replays and the rate limit.
describeEachEngine('artists: create', (t) => {
  const { post, valid, countRows } = artistRequests(t);

  // ---------------------------------------------------------------- POST

  it('creates a pending, unfeatured artist even when approved/featured are sent, and drops unknown fields', async () => {
    const res = await post(
      valid({
        name: '  Shanta Prince  ',
        photoUrl: 'https://img.example.com/shanta.jpg',
        socials: { instagram: 'https://instagram.com/shanta', tiktok: 'https://tiktok.com/@shanta', spotify: '' },
        approved: true,
        featured: true,
        id: 'chosen-id',
        createdAt: '1999-01-01T00:00:00.000Z',
        evil: 'x',
      }),
    );
    expect(res.status).toBe(201);
    expect(v.is(ArtistSchema, res.body)).toBe(true);
    expect(res.body).toMatchObject({
      name: 'Shanta Prince',
      bio: 'Soca queen from Georgetown',
      countryCode: 'GY',
      photoUrl: 'https://img.example.com/shanta.jpg',
      approved: false,
      featured: false,
      socials: { instagram: 'https://instagram.com/shanta' },
    });
    expect(res.body.socials).toEqual({ instagram: 'https://instagram.com/shanta' });
    expect(res.body).not.toHaveProperty('evil');
    expect(res.body.id).not.toBe('chosen-id');
    expect(res.body.createdAt).not.toBe('1999-01-01T00:00:00.000Z');
    expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);

    const row = await t().db('artists').where({ id: res.body.id }).first();
    expect(row).toBeDefined();
    expect(row).not.toHaveProperty('evil');
    expect(row).not.toHaveProperty('tiktok');
    expect([false, 0]).toContain(row.approved);
    expect([false, 0]).toContain(row.featured);
    expect(row.spotify).toBeNull();
    expect(await t().db('artists').where({ id: 'chosen-id' }).first()).toBeUndefined();
  });

  it('accepts a minimal artist: no photo, no socials', async () => {
    const res = await post({ name: 'Minimal', bio: 'Just a bio', countryCode: 'BB', photoUrl: '', socials: null });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ photoUrl: null, socials: {}, approved: false, featured: false });
  });

  it('accepts a same-origin upload path as the photo', async () => {
    const res = await post(valid({ photoUrl: '/uploads/0b7e1f3c-7d5e-4a40-9d55-3f0b2a9d1c11.png' }));
    expect(res.status).toBe(201);
    expect(res.body.photoUrl).toBe('/uploads/0b7e1f3c-7d5e-4a40-9d55-3f0b2a9d1c11.png');
  });

  it('rejects a missing name, bio and country with one issue per field and stores nothing', async () => {
    const before = await countRows();
    // Blank or invalid values, and absent fields, get the same messages (never a generic 'Invalid key').
    for (const body of [{ name: '   ', bio: '', countryCode: 'XX' }, {}]) {
      const res = await post(body);
      const issues = [
        { path: 'name', message: 'Artist name is required' },
        { path: 'bio', message: 'Bio is required' },
        { path: 'countryCode', message: 'Country is required' },
      ];
      expectIssues(res, issues, JSON.stringify(body));
      expect(typeof res.body.error).toBe('string');
    }
    expect(await countRows()).toBe(before);
    const empty = await post({});
    const nulls = await post({ name: null, bio: null, countryCode: null });
    expect(nulls.body.issues).toEqual(empty.body.issues);
  });

  it.each([
    ['photoUrl', { photoUrl: 'javascript:alert(1)' }, 'Valid photo URL is required'],
    ['photoUrl', { photoUrl: '//evil.example.com/x.png' }, 'Valid photo URL is required'],
    ['photoUrl', { photoUrl: 'data:image/png;base64,AAAA' }, 'Valid photo URL is required'],
    // Same-origin paths other than uploads of ours: a photo must never be /out/… or an API route.
    ['photoUrl', { photoUrl: '/out/0b7e1f3c-7d5e-4a40-9d55-3f0b2a9d1c11' }, 'Valid photo URL is required'],
    ['photoUrl', { photoUrl: '/api/settings' }, 'Valid photo URL is required'],
    ['photoUrl', { photoUrl: '/uploads/../out/x' }, 'Valid photo URL is required'],
    ['socials.spotify', { socials: { spotify: '/out/0b7e1f3c-7d5e-4a40-9d55-3f0b2a9d1c11' } }, 'Valid Spotify URL is required'],
    ['socials.instagram', { socials: { instagram: 'ftp://instagram.com/x' } }, 'Valid Instagram URL is required'],
    ['socials.youtube', { socials: { youtube: 'javascript:alert(1)' } }, 'Valid YouTube URL is required'],
    ['countryCode', { countryCode: 'gy' }, 'Country is required'],
    ['countryCode', { countryCode: 'US' }, 'Country is required'],
    ['name', { name: 42 }, 'Artist name is required'],
  ])('rejects a bad %s (%j)', async (path, over, message) => {
    const before = await countRows();
    const res = await post(valid(over));
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path, message }]);
    expect(await countRows()).toBe(before);
  });

  it('bounds the name and bio lengths', async () => {
    expect((await post(valid({ name: 'n'.repeat(120) }))).status).toBe(201);
    const longName = await post(valid({ name: 'n'.repeat(121) }));
    expect(longName.status).toBe(400);
    expect(longName.body.issues[0].path).toBe('name');
    const longBio = await post(valid({ bio: 'b'.repeat(2001) }));
    expect(longBio.status).toBe(400);
    expect(longBio.body.issues[0].path).toBe('bio');
  });

  it('answers 400 for malformed JSON or a non-object body, 415 for another content type', async () => {
    const malformed = await postRaw(t(), '/api/artists', 'application/json', '{"name": "x",');
    expect(malformed.status).toBe(400);
    expect(typeof malformed.body.error).toBe('string');

    const array = await post([valid()]);
    expect(array.status).toBe(400);

    const noBody = await t().http().post('/api/artists').set('X-Forwarded-For', freshAddress());
    expect(noBody.status).toBe(400);

    const form = await t()
      .http()
      .post('/api/artists')
      .set('X-Forwarded-For', freshAddress())
      .type('form')
      .send('name=x&bio=y&countryCode=GY');
    expect(form.status).toBe(415);
    expect(typeof form.body.error).toBe('string');
  });


  // ---------------------------------------------------------------- idempotency and rate limit

  it('replays an idempotent POST (same status and body, one row) and refuses the key with another body', async () => {
    const ip = freshAddress();
    const key = `outbox-${randomUUID()}`;
    const tag = token();
    const send = (body: Body) => t().http().post('/api/artists').set('X-Forwarded-For', ip).set('Idempotency-Key', key).send(body);
    const first = await send(valid({ name: `Once ${tag}` }));
    const again = await send(valid({ name: `Once ${tag}` }));
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await t().db('artists').where({ name: `Once ${tag}` })).toHaveLength(1);

    const other = await send(valid({ name: `Twice ${tag}` }));
    expect(other.status).toBe(409);
    expect(typeof other.body.error).toBe('string');
    expect(await t().db('artists').where({ name: `Twice ${tag}` })).toHaveLength(0);

    // Without a key, the same body makes a second artist.
    const plain = await post(valid({ name: `Once ${tag}` }));
    expect(plain.status).toBe(201);
    expect(await t().db('artists').where({ name: `Once ${tag}` })).toHaveLength(2);
  });

  it('replays a refused POST with the same 400 answer', async () => {
    const ip = freshAddress();
    const key = `outbox-${randomUUID()}`;
    const send = () =>
      t().http().post('/api/artists').set('X-Forwarded-For', ip).set('Idempotency-Key', key).send({ name: '', bio: 'b', countryCode: 'GY' });
    const first = await send();
    const again = await send();
    expect(first.status).toBe(400);
    expect(again.status).toBe(400);
    expect(again.body).toEqual(first.body);
  });

  it('rejects an Idempotency-Key longer than 200 characters', async () => {
    const res = await t().http().post('/api/artists').set('X-Forwarded-For', freshAddress()).set('Idempotency-Key', 'k'.repeat(201)).send(valid());
    expect(res.status).toBe(400);
  });

  it('allows 20 POSTs a minute per address, then 429 with Retry-After', async () => {
    const ip = freshAddress();
    const tag = token();
    for (let i = 0; i < 20; i++) {
      const ok = await post(valid({ name: `Flood ${tag} ${i}` }), ip);
      expect(ok.status).toBe(201);
    }
    const limited = await post(valid({ name: `Flood ${tag} 21` }), ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(typeof limited.body.error).toBe('string');
    expect(await t().db('artists').where('name', 'like', `Flood ${tag}%`)).toHaveLength(20);

    expect((await post(valid(), freshAddress())).status).toBe(201);
    // The limit is per route: the same address may still post a track.
    const trackFromSameAddress = await t().http().post('/api/tracks').set('X-Forwarded-For', ip).send({});
    expect(trackFromSameAddress.status).toBe(400);
    t().clock.advance(61_000);
    expect((await post(valid(), ip)).status).toBe(201);
  });
});
