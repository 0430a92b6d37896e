import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import * as v from 'valibot';
import type { Artist } from '../../../domain/artists';
import type { TrackStatus } from '../../../domain/catalog';
import { TrackSchema, type Track } from '../../../domain/tracks';
import { collectionRequests, expectIssues } from '../../test/api-requests';
import { ADMIN_KEY, describeEachEngine, freshAddress, postRaw } from '../../test/test-app';

type Body = Record<string, unknown>;

const ids = (list: { id: string }[]) => list.map((x) => x.id).sort();

describeEachEngine('tracks', (t) => {
  const { post, visitorGet, adminGet, patch } = collectionRequests(t, '/api/tracks');

  async function artist(approved: boolean): Promise<Artist> {
    const created = await t()
      .http()
      .post('/api/artists')
      .set('X-Forwarded-For', freshAddress())
      .send({ name: `Artist ${randomUUID().slice(0, 8)}`, bio: 'Bio', countryCode: 'GY' });
    expect(created.status).toBe(201);
    if (!approved) return created.body as Artist;
    const res = await t().http().patch(`/api/artists/${created.body.id}`).set('x-admin-key', ADMIN_KEY).send({ approved: true });
    expect(res.status).toBe(200);
    return res.body as Artist;
  }

  const valid = (artistId: string, over: Body = {}): Body => ({
    artistId,
    title: 'Sweet Soca Music',
    genre: 'Soca',
    explicit: false,
    fileUrl: '/uploads/4f1c1f7e-3a55-4d4e-9d1b-2c7f5e0a9b10.mp3',
    ...over,
  });

  async function track(artistId: string, status: TrackStatus, over: Body = {}): Promise<Track> {
    const created = await post(valid(artistId, over));
    expect(created.status).toBe(201);
    if (status === 'pending') return created.body as Track;
    const res = await patch(created.body.id, { status });
    expect(res.status).toBe(200);
    return res.body as Track;
  }

  /** One track of `artistId` per status, made in that order. */
  async function tracksOf<S extends TrackStatus[]>(artistId: string, statuses: [...S]): Promise<{ [K in keyof S]: Track }> {
    const made: Track[] = [];
    for (const status of statuses) made.push(await track(artistId, status));
    return made as { [K in keyof S]: Track };
  }

  const countRows = async () => Number((await t().db('tracks').count({ n: '*' }).first())?.n);

  // ---------------------------------------------------------------- POST

  it('creates a pending, unfeatured track even when status/featured are sent, and drops unknown fields', async () => {
    const a = await artist(true);
    const res = await post(
      valid(a.id, {
        title: '  Road March  ',
        genre: 'Calypso',
        bpm: 128,
        songKey: ' C#m ',
        explicit: true,
        coverUrl: 'https://img.example.com/cover.jpg',
        status: 'approved',
        featured: true,
        id: 'chosen',
        evil: 'x',
      }),
    );
    expect(res.status).toBe(201);
    expect(v.is(TrackSchema, res.body)).toBe(true);
    expect(res.body).toMatchObject({
      artistId: a.id,
      title: 'Road March',
      genre: 'Calypso',
      bpm: 128,
      songKey: 'C#m',
      explicit: true,
      coverUrl: 'https://img.example.com/cover.jpg',
      fileUrl: '/uploads/4f1c1f7e-3a55-4d4e-9d1b-2c7f5e0a9b10.mp3',
      status: 'pending',
      featured: false,
    });
    expect(res.body).not.toHaveProperty('evil');
    expect(res.body.id).not.toBe('chosen');
    const row = await t().db('tracks').where({ id: res.body.id }).first();
    expect(row.status).toBe('pending');
    expect([false, 0]).toContain(row.featured);
    expect(row).not.toHaveProperty('evil');
  });

  it('fills optional fields: bpm, songKey and coverUrl null, explicit false', async () => {
    const a = await artist(true);
    const res = await post({ artistId: a.id, title: 'Plain', genre: 'Gospel', fileUrl: 'https://media.example.com/plain.mp3', songKey: '  ', coverUrl: '' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ bpm: null, songKey: null, explicit: false, coverUrl: null, featured: false, status: 'pending' });
  });

  it('accepts a track for a pending artist (artist and first track are submitted together)', async () => {
    const a = await artist(false);
    const res = await post(valid(a.id));
    expect(res.status).toBe(201);
    expect(res.body.artistId).toBe(a.id);
  });

  it('answers 400 for an unknown artistId and stores nothing', async () => {
    const before = await countRows();
    const res = await post(valid(randomUUID()));
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: 'artistId', message: expect.any(String) }]);
    expect(await countRows()).toBe(before);
  });

  it.each([
    ['genre', { genre: 'Metal' }],
    ['genre', { genre: 'soca' }],
    ['genre', { genre: undefined }],
    ['title', { title: '   ' }],
    ['title', { title: 't'.repeat(161) }],
    ['fileUrl', { fileUrl: undefined }],
    ['fileUrl', { fileUrl: 'javascript:alert(1)' }],
    ['fileUrl', { fileUrl: 'file:///etc/passwd' }],
    ['coverUrl', { coverUrl: 'ftp://x.example.com/c.jpg' }],
    ['bpm', { bpm: 10 }],
    ['bpm', { bpm: 120.5 }],
    ['bpm', { bpm: '120' }],
    ['explicit', { explicit: 'yes' }],
    ['songKey', { songKey: 'x'.repeat(13) }],
    ['artistId', { artistId: '' }],
  ])('answers 400 for a bad %s (%j) and stores nothing', async (path, over) => {
    const a = await artist(true);
    const before = await countRows();
    const res = await post(valid(a.id, over));
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual([path]);
    expect(typeof res.body.issues[0].message).toBe('string');
    expect(await countRows()).toBe(before);
  });

  it('uses the field messages for wrong and for absent fields alike', async () => {
    const a = await artist(true);
    const res = await post({ artistId: a.id, title: 'x', genre: 'Metal' });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([
      { path: 'genre', message: 'Genre is required' },
      { path: 'fileUrl', message: 'An audio file is required' },
    ]);
    const empty = await post({});
    expectIssues(empty, [
      { path: 'artistId', message: 'Artist is required' },
      { path: 'title', message: 'Track title is required' },
      { path: 'genre', message: 'Genre is required' },
      { path: 'fileUrl', message: 'An audio file is required' },
    ]);
  });

  it('answers 415 for a non-JSON body and 400 for malformed JSON', async () => {
    const a = await artist(true);
    const form = await t().http().post('/api/tracks').set('X-Forwarded-For', freshAddress()).type('form').send(`artistId=${a.id}&title=x`);
    expect(form.status).toBe(415);
    const malformed = await postRaw(t(), '/api/tracks', 'application/json', '{"artistId":');
    expect(malformed.status).toBe(400);
  });

  // ---------------------------------------------------------------- GET

  it('shows visitors approved tracks of approved artists only; admins see everything', async () => {
    const shown = await artist(true);
    const hiddenArtist = await artist(false);
    const [approved, pending, rejected] = await tracksOf(shown.id, ['approved', 'pending', 'rejected']);
    const ofPendingArtist = await track(hiddenArtist.id, 'approved');

    const visitor = await visitorGet('/api/tracks');
    expect(visitor.status).toBe(200);
    const visible = ids(visitor.body);
    expect(visible).toContain(approved.id);
    for (const hidden of [pending, rejected, ofPendingArtist]) expect(visible).not.toContain(hidden.id);
    expect(visitor.body.every((tr: Track) => tr.status === 'approved')).toBe(true);
    for (const tr of visitor.body) expect(v.is(TrackSchema, tr)).toBe(true);

    const admin = await adminGet('/api/tracks');
    expect(admin.status).toBe(200);
    for (const tr of [approved, pending, rejected, ofPendingArtist]) expect(ids(admin.body)).toContain(tr.id);
  });

  it('filters by artist_id; "all" means no filter', async () => {
    const one = await artist(true);
    const two = await artist(true);
    const hiddenArtist = await artist(false);
    const [oneApproved, onePending] = await tracksOf(one.id, ['approved', 'pending']);
    const twoApproved = await track(two.id, 'approved');
    const hiddenTrack = await track(hiddenArtist.id, 'approved');

    expect(ids((await visitorGet(`/api/tracks?artist_id=${one.id}`)).body)).toEqual([oneApproved.id]);
    expect(ids((await adminGet(`/api/tracks?artist_id=${one.id}`)).body)).toEqual([oneApproved.id, onePending.id].sort());
    expect(ids((await visitorGet(`/api/tracks?artist_id=${two.id}`)).body)).toEqual([twoApproved.id]);
    expect(ids((await visitorGet(`/api/tracks?artist_id=${hiddenArtist.id}`)).body)).toEqual([]);
    expect(ids((await adminGet(`/api/tracks?artist_id=${hiddenArtist.id}`)).body)).toEqual([hiddenTrack.id]);
    expect(ids((await visitorGet(`/api/tracks?artist_id=${randomUUID()}`)).body)).toEqual([]);
    const all = ids((await visitorGet('/api/tracks?artist_id=all')).body);
    expect(all).toEqual(expect.arrayContaining([oneApproved.id, twoApproved.id]));
  });

  it('hides an approved track again when its artist is rejected', async () => {
    const a = await artist(true);
    const tr = await track(a.id, 'approved');
    expect(ids((await visitorGet(`/api/tracks?artist_id=${a.id}`)).body)).toEqual([tr.id]);
    const reject = await t().http().patch(`/api/artists/${a.id}`).set('x-admin-key', ADMIN_KEY).send({ approved: false, featured: false });
    expect(reject.status).toBe(200);
    expect(ids((await visitorGet(`/api/tracks?artist_id=${a.id}`)).body)).toEqual([]);
    expect(ids((await visitorGet('/api/tracks')).body)).not.toContain(tr.id);
  });

  it('answers 401 to a wrong key on the public list', async () => {
    const res = await t().http().get('/api/tracks').set('X-Forwarded-For', freshAddress()).set('x-admin-key', 'wrong');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Invalid admin key' });
  });

  // ---------------------------------------------------------------- PATCH

  it('PATCH is admin only: 401 without a key or with a wrong key, and nothing changes', async () => {
    const a = await artist(true);
    const tr = await track(a.id, 'pending');
    const none = await patch(tr.id, { status: 'approved' }, null);
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ error: 'Invalid admin key' });
    const wrong = await patch(tr.id, { status: 'approved', featured: true }, 'wrong-key');
    expect(wrong.status).toBe(401);
    const row = await t().db('tracks').where({ id: tr.id }).first();
    expect(row.status).toBe('pending');
    expect([false, 0]).toContain(row.featured);
  });

  it('PATCH moves status between approved, rejected and pending, and sets featured', async () => {
    const a = await artist(true);
    const tr = await track(a.id, 'pending');
    const visibleToVisitor = async () => ids((await visitorGet(`/api/tracks?artist_id=${a.id}`)).body).includes(tr.id);

    const approved = await patch(tr.id, { status: 'approved' });
    expect(approved.status).toBe(200);
    expect(approved.body).toEqual({ ...tr, status: 'approved' });
    expect(await visibleToVisitor()).toBe(true);

    const featured = await patch(tr.id, { featured: true });
    expect(featured.body).toMatchObject({ status: 'approved', featured: true });

    const both = await patch(tr.id, { status: 'rejected', featured: false });
    expect(both.status).toBe(200);
    expect(both.body).toMatchObject({ status: 'rejected', featured: false });
    expect(v.is(TrackSchema, both.body)).toBe(true);
    expect(await visibleToVisitor()).toBe(false);

    const back = await patch(tr.id, { status: 'pending' });
    expect(back.body.status).toBe('pending');
    expect(await visibleToVisitor()).toBe(false);
    const row = await t().db('tracks').where({ id: tr.id }).first();
    expect(row.status).toBe('pending');
  });

  it('PATCH changes only status/featured; other fields are dropped', async () => {
    const a = await artist(true);
    const other = await artist(true);
    const tr = await track(a.id, 'pending');
    const res = await patch(tr.id, { featured: true, title: 'Hacked', artistId: other.id, fileUrl: 'https://evil.example.com/x.mp3' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...tr, featured: true });
  });

  it('PATCH answers 400 for a bad status or an empty change, 404 for an unknown id', async () => {
    const a = await artist(true);
    const tr = await track(a.id, 'pending');
    const bad = await patch(tr.id, { status: 'published' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([{ path: 'status', message: 'status must be approved, rejected or pending' }]);
    expect((await patch(tr.id, { featured: 'yes' })).status).toBe(400);
    expect((await patch(tr.id, {})).status).toBe(400);
    expect((await t().db('tracks').where({ id: tr.id }).first()).status).toBe('pending');

    const missing = await patch(randomUUID(), { status: 'approved' });
    expect(missing.status).toBe(404);
    expect(typeof missing.body.error).toBe('string');
  });

  // ---------------------------------------------------------------- idempotency and rate limit

  it('replays an idempotent POST (same status and body, one row) and refuses the key with another body', async () => {
    const a = await artist(true);
    const ip = freshAddress();
    const key = `outbox-${randomUUID()}`;
    const send = (title: string) =>
      t().http().post('/api/tracks').set('X-Forwarded-For', ip).set('Idempotency-Key', key).send(valid(a.id, { title }));
    const first = await send('Once');
    const again = await send('Once');
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await t().db('tracks').where({ artist_id: a.id })).toHaveLength(1);
    const other = await send('Other');
    expect(other.status).toBe(409);
    expect(await t().db('tracks').where({ artist_id: a.id })).toHaveLength(1);
  });

  it('allows 20 POSTs a minute per address, then 429 with Retry-After', async () => {
    const a = await artist(true);
    const ip = freshAddress();
    for (let i = 0; i < 20; i++) expect((await post(valid(a.id, { title: `T${i}` }), ip)).status).toBe(201);
    const limited = await post(valid(a.id, { title: 'T21' }), ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t().db('tracks').where({ artist_id: a.id })).toHaveLength(20);
    expect((await post(valid(a.id), freshAddress())).status).toBe(201);
    t().clock.advance(61_000);
    expect((await post(valid(a.id), ip)).status).toBe(201);
  });
});
