import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import * as v from 'valibot';
import { ArtistSchema, type Artist } from '../../../domain/artists';
import type { Genre, TrackStatus } from '../../../domain/catalog';
import { collectionRequests, expectIssues } from '../../test/api-requests';
import { ADMIN_KEY, describeEachEngine, freshAddress, postRaw } from '../../test/test-app';

type Body = Record<string, unknown>;

/** A token no other test's data contains, so list assertions stay local to one test. */
const token = () => `tk${randomUUID().replace(/-/g, '').slice(0, 10)}`;
const ids = (list: { id: string }[]) => list.map((a) => a.id).sort();

describeEachEngine('artists', (t) => {
  const { post, visitorGet, adminGet, patch } = collectionRequests(t, '/api/artists');

  const valid = (over: Body = {}): Body => ({
    name: 'Shanta Prince',
    bio: 'Soca queen from Georgetown',
    countryCode: 'GY',
    ...over,
  });

  async function createArtist(over: Body = {}): Promise<Artist> {
    const res = await post(valid(over));
    expect(res.status).toBe(201);
    return res.body as Artist;
  }

  async function approvedArtist(over: Body = {}): Promise<Artist> {
    const artist = await createArtist(over);
    const res = await patch(artist.id, { approved: true });
    expect(res.status).toBe(200);
    return res.body as Artist;
  }

  async function track(artistId: string, genre: Genre, status: TrackStatus): Promise<void> {
    const created = await t()
      .http()
      .post('/api/tracks')
      .set('X-Forwarded-For', freshAddress())
      .send({ artistId, title: `${genre} song`, genre, explicit: false, fileUrl: `/uploads/${randomUUID()}.mp3` });
    expect(created.status).toBe(201);
    if (status !== 'pending') {
      const moderated = await t()
        .http()
        .patch(`/api/tracks/${created.body.id}`)
        .set('x-admin-key', ADMIN_KEY)
        .send({ status });
      expect(moderated.status).toBe(200);
    }
  }

  const countRows = async () => Number((await t().db('artists').count({ n: '*' }).first())?.n);

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

  // ---------------------------------------------------------------- GET list

  it('shows visitors approved artists only, whatever the query; approved=false is 401 for them', async () => {
    const tag = token();
    const pending = await createArtist({ name: `Pending ${tag}` });
    const approved = await approvedArtist({ name: `Approved ${tag}` });

    for (const query of ['', '&approved=true', '&approved=all', '&approved=', '&approved=1']) {
      const res = await visitorGet(`/api/artists?q=${tag}${query}`);
      expect(res.status, query).toBe(200);
      expect(ids(res.body), query).toEqual([approved.id]);
    }
    const plain = await visitorGet('/api/artists');
    expect(plain.body.every((a: Artist) => a.approved)).toBe(true);
    expect(ids(plain.body)).not.toContain(pending.id);

    const asked = await visitorGet(`/api/artists?approved=false`);
    expect(asked.status).toBe(401);
    expect(asked.body).toEqual({ error: 'Invalid admin key' });
  });

  it('lets an admin filter approved=true / approved=false, and lists all when approved is absent', async () => {
    const tag = token();
    const pending = await createArtist({ name: `Pending ${tag}` });
    const approved = await approvedArtist({ name: `Approved ${tag}` });

    const all = await adminGet(`/api/artists?q=${tag}`);
    expect(all.status).toBe(200);
    expect(ids(all.body)).toEqual([approved.id, pending.id].sort());

    const onlyApproved = await adminGet(`/api/artists?q=${tag}&approved=true`);
    expect(ids(onlyApproved.body)).toEqual([approved.id]);

    const onlyPending = await adminGet(`/api/artists?q=${tag}&approved=false`);
    expect(ids(onlyPending.body)).toEqual([pending.id]);

    const unfiltered = await adminGet('/api/artists?approved=false');
    expect(unfiltered.body.length).toBeGreaterThan(0);
    expect(unfiltered.body.every((a: Artist) => !a.approved)).toBe(true);
    for (const a of unfiltered.body) expect(v.is(ArtistSchema, a)).toBe(true);
  });

  it('answers 401 to a wrong key on the public list (never silently ignored)', async () => {
    const res = await t().http().get('/api/artists').set('X-Forwarded-For', freshAddress()).set('x-admin-key', 'not-the-key');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Invalid admin key' });
  });

  it('filters by country; "all" and unknown codes mean no filter', async () => {
    const tag = token();
    const jm = await approvedArtist({ name: `Jam ${tag}`, countryCode: 'JM' });
    const tt = await approvedArtist({ name: `Trini ${tag}`, countryCode: 'TT' });
    const pendingJm = await createArtist({ name: `Pending Jam ${tag}`, countryCode: 'JM' });

    expect(ids((await visitorGet(`/api/artists?q=${tag}&country=JM`)).body)).toEqual([jm.id]);
    expect(ids((await visitorGet(`/api/artists?q=${tag}&country=TT`)).body)).toEqual([tt.id]);
    expect(ids((await visitorGet(`/api/artists?q=${tag}&country=BS`)).body)).toEqual([]);
    expect(ids((await visitorGet(`/api/artists?q=${tag}&country=all`)).body)).toEqual([jm.id, tt.id].sort());
    expect(ids((await visitorGet(`/api/artists?q=${tag}&country=XX`)).body)).toEqual([jm.id, tt.id].sort());
    expect(ids((await adminGet(`/api/artists?q=${tag}&country=JM`)).body)).toEqual([jm.id, pendingJm.id].sort());
    expect(ids((await adminGet(`/api/artists?q=${tag}&country=JM&approved=false`)).body)).toEqual([pendingJm.id]);

    const wholeCountry = await visitorGet('/api/artists?country=JM');
    expect(wholeCountry.body.length).toBeGreaterThan(0);
    expect(wholeCountry.body.every((a: Artist) => a.countryCode === 'JM' && a.approved)).toBe(true);
  });

  it('searches name OR bio, case-insensitively', async () => {
    const tag = token();
    const byName = await approvedArtist({ name: `Kes ${tag.toUpperCase()} Band`, bio: 'From Trinidad' });
    const byBio = await approvedArtist({ name: 'Somebody Else', bio: `Sings with ${tag} every carnival` });
    await approvedArtist({ name: 'Unrelated', bio: 'Nothing to see' });

    expect(ids((await visitorGet(`/api/artists?q=${tag}`)).body)).toEqual([byName.id, byBio.id].sort());
    expect(ids((await visitorGet(`/api/artists?q=${tag.toUpperCase()}`)).body)).toEqual([byName.id, byBio.id].sort());
    expect(ids((await visitorGet(`/api/artists?q=${encodeURIComponent(`  ${tag}  `)}`)).body)).toEqual(
      [byName.id, byBio.id].sort(),
    );
    expect(ids((await visitorGet(`/api/artists?q=${encodeURIComponent(`Kes ${tag}`)}`)).body)).toEqual([byName.id]);
    expect(ids((await visitorGet(`/api/artists?q=${tag}zzz`)).body)).toEqual([]);
  });

  it('matches accented names case-insensitively too', async () => {
    const tag = token();
    const artist = await approvedArtist({ name: `ÉLODIE ${tag}`, bio: 'Chanteuse de Sainte-Lucie' });
    expect(ids((await visitorGet(`/api/artists?q=${encodeURIComponent(`élodie ${tag}`)}`)).body)).toEqual([artist.id]);
    expect(ids((await visitorGet(`/api/artists?q=${encodeURIComponent(`Élodie ${tag}`)}`)).body)).toEqual([artist.id]);
    expect(ids((await visitorGet(`/api/artists?q=${encodeURIComponent(`ÉLODIE ${tag}`)}`)).body)).toEqual([artist.id]);
    expect(ids((await visitorGet(`/api/artists?q=${encodeURIComponent(`SAINTE-LUCIE`)}&country=all`)).body)).toContain(artist.id);
    // A decomposed É (E + combining acute) is the same letter.
    expect(ids((await visitorGet(`/api/artists?q=${encodeURIComponent(`e\u0301lodie ${tag}`)}`)).body)).toEqual([artist.id]);
  });

  it('treats LIKE wildcards and backslashes in q as literal characters', async () => {
    const tag = token();
    const percent = await approvedArtist({ name: `100% ${tag}`, bio: 'Percent' });
    const underscore = await approvedArtist({ name: `DJ_${tag}`, bio: 'Underscore' });
    const backslash = await approvedArtist({ name: `Back\\slash ${tag}`, bio: 'Backslash' });
    const plain = await approvedArtist({ name: `DJX${tag} 1000`, bio: 'Plain' });

    const search = async (q: string) => ids((await visitorGet(`/api/artists?q=${encodeURIComponent(q)}`)).body);
    expect(await search(`% ${tag}`)).toEqual([percent.id]);
    expect(await search(`_${tag}`)).toEqual([underscore.id]);
    expect(await search(`DJ_${tag}`)).toEqual([underscore.id]);
    expect(await search(`\\slash ${tag}`)).toEqual([backslash.id]);
    expect(await search(`DJX${tag}`)).toEqual([plain.id]);
    // A bare wildcard matches only names/bios that contain it.
    const allPercent = await search('%');
    expect(allPercent).toContain(percent.id);
    expect(allPercent).not.toContain(plain.id);
    const allUnderscore = await search('_');
    expect(allUnderscore).toContain(underscore.id);
    expect(allUnderscore).not.toContain(plain.id);
  });

  it('searches the word "all" literally rather than treating it as no filter', async () => {
    const tag = token();
    const ally = await approvedArtist({ name: `Allison ${tag}`, bio: 'x' });
    const other = await approvedArtist({ name: `Bob ${tag}`, bio: 'y' });
    const res = await visitorGet(`/api/artists?q=all`);
    expect(res.status).toBe(200);
    expect(ids(res.body)).toContain(ally.id);
    expect(ids(res.body)).not.toContain(other.id);
  });

  it('matches a genre only through an APPROVED track of that genre', async () => {
    const tag = token();
    const withApproved = await approvedArtist({ name: `Approved Soca ${tag}` });
    const withPending = await approvedArtist({ name: `Pending Soca ${tag}` });
    const withRejected = await approvedArtist({ name: `Rejected Soca ${tag}` });
    const otherGenre = await approvedArtist({ name: `Reggae Only ${tag}` });
    const none = await approvedArtist({ name: `No Tracks ${tag}` });
    await track(withApproved.id, 'Soca', 'approved');
    await track(withApproved.id, 'Soca', 'rejected');
    await track(withPending.id, 'Soca', 'pending');
    await track(withRejected.id, 'Soca', 'rejected');
    await track(withRejected.id, 'Reggae', 'approved');
    await track(otherGenre.id, 'Reggae', 'approved');

    expect(ids((await visitorGet(`/api/artists?q=${tag}&genre=Soca`)).body)).toEqual([withApproved.id]);
    expect(ids((await adminGet(`/api/artists?q=${tag}&genre=Soca`)).body)).toEqual([withApproved.id]);
    expect(ids((await visitorGet(`/api/artists?q=${tag}&genre=Reggae`)).body)).toEqual([withRejected.id, otherGenre.id].sort());
    expect(ids((await visitorGet(`/api/artists?q=${tag}&genre=Jazz`)).body)).toEqual([]);
    const everyone = [withApproved, withPending, withRejected, otherGenre, none].map((a) => a.id).sort();
    expect(ids((await visitorGet(`/api/artists?q=${tag}&genre=all`)).body)).toEqual(everyone);
    expect(ids((await visitorGet(`/api/artists?q=${tag}`)).body)).toEqual(everyone);
  });

  it('handles genres with spaces and ampersands, combined with country', async () => {
    const tag = token();
    const rnb = await approvedArtist({ name: `RnB ${tag}`, countryCode: 'BZ' });
    const steel = await approvedArtist({ name: `Pan ${tag}`, countryCode: 'TT' });
    await track(rnb.id, 'R&B', 'approved');
    await track(steel.id, 'Steel Drum', 'approved');
    expect(ids((await visitorGet(`/api/artists?q=${tag}&genre=${encodeURIComponent('R&B')}`)).body)).toEqual([rnb.id]);
    expect(ids((await visitorGet(`/api/artists?q=${tag}&genre=${encodeURIComponent('Steel Drum')}`)).body)).toEqual([steel.id]);
    expect(ids((await visitorGet(`/api/artists?q=${tag}&genre=${encodeURIComponent('Steel Drum')}&country=BZ`)).body)).toEqual([]);
    expect(ids((await visitorGet(`/api/artists?q=${tag}&genre=${encodeURIComponent('R&B')}&country=BZ`)).body)).toEqual([rnb.id]);
  });

  it('never leaks a pending artist to a visitor through the genre filter', async () => {
    const tag = token();
    const pending = await createArtist({ name: `Hidden ${tag}` });
    await track(pending.id, 'Gospel', 'approved');
    expect(ids((await visitorGet(`/api/artists?q=${tag}&genre=Gospel`)).body)).toEqual([]);
    expect(ids((await adminGet(`/api/artists?q=${tag}&genre=Gospel`)).body)).toEqual([pending.id]);
  });

  // ---------------------------------------------------------------- GET one

  it('GET /:id answers 404 for a missing artist and for a pending one to a visitor, 200 to an admin', async () => {
    const missing = await visitorGet(`/api/artists/${randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(typeof missing.body.error).toBe('string');
    expect((await adminGet(`/api/artists/${randomUUID()}`)).status).toBe(404);
    expect((await visitorGet('/api/artists/not-a-uuid')).status).toBe(404);

    const pending = await createArtist();
    const hidden = await visitorGet(`/api/artists/${pending.id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body).not.toHaveProperty('name');
    const asAdmin = await adminGet(`/api/artists/${pending.id}`);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body).toEqual(pending);

    const approved = await approvedArtist();
    const visible = await visitorGet(`/api/artists/${approved.id}`);
    expect(visible.status).toBe(200);
    expect(visible.body).toEqual(approved);
    expect(v.is(ArtistSchema, visible.body)).toBe(true);

    const wrongKey = await t().http().get(`/api/artists/${approved.id}`).set('X-Forwarded-For', freshAddress()).set('x-admin-key', 'nope');
    expect(wrongKey.status).toBe(401);
  });

  // ---------------------------------------------------------------- PATCH

  it('PATCH is admin only: 401 without a key or with a wrong key, and nothing changes', async () => {
    const artist = await createArtist();
    const none = await patch(artist.id, { approved: true }, null);
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ error: 'Invalid admin key' });
    const wrong = await patch(artist.id, { approved: true }, 'wrong-key');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'Invalid admin key' });
    const row = await t().db('artists').where({ id: artist.id }).first();
    expect([false, 0]).toContain(row.approved);
  });

  it('approves, features, and rejects as {approved:false, featured:false}', async () => {
    const artist = await createArtist();
    const approved = await patch(artist.id, { approved: true });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id: artist.id, approved: true, featured: false, name: artist.name });
    expect((await visitorGet(`/api/artists/${artist.id}`)).status).toBe(200);

    const featured = await patch(artist.id, { featured: true });
    expect(featured.status).toBe(200);
    expect(featured.body).toMatchObject({ approved: true, featured: true });

    const rejected = await patch(artist.id, { approved: false, featured: false });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ approved: false, featured: false });
    expect(v.is(ArtistSchema, rejected.body)).toBe(true);
    expect((await visitorGet(`/api/artists/${artist.id}`)).status).toBe(404);
    const row = await t().db('artists').where({ id: artist.id }).first();
    expect([false, 0]).toContain(row.approved);
    expect([false, 0]).toContain(row.featured);
  });

  it('PATCH changes only approved/featured; other fields in the body are dropped', async () => {
    const artist = await createArtist();
    const res = await patch(artist.id, { approved: true, name: 'Hacked', countryCode: 'JM', createdAt: 'x', evil: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...artist, approved: true, reviewedAt: expect.any(String) });
    const row = await t().db('artists').where({ id: artist.id }).first();
    expect(row.name).toBe(artist.name);
    expect(row.country_code).toBe('GY');
  });

  it('PATCH answers 404 for an unknown id and 400 for an empty or ill-typed change', async () => {
    const missing = await patch(randomUUID(), { approved: true });
    expect(missing.status).toBe(404);
    expect(typeof missing.body.error).toBe('string');

    const artist = await createArtist();
    const empty = await patch(artist.id, {});
    expect(empty.status).toBe(400);
    const wrongType = await patch(artist.id, { approved: 'yes' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.issues).toEqual([{ path: 'approved', message: 'approved must be true or false' }]);
    const featuredType = await patch(artist.id, { featured: 1 });
    expect(featuredType.status).toBe(400);
    expect(featuredType.body.issues[0].path).toBe('featured');
    const text = await t()
      .http()
      .patch(`/api/artists/${artist.id}`)
      .set('x-admin-key', ADMIN_KEY)
      .set('Content-Type', 'text/plain')
      .send('approved=true');
    expect(text.status).toBe(415);
    const row = await t().db('artists').where({ id: artist.id }).first();
    expect([false, 0]).toContain(row.approved);
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

describeEachEngine('artist review marks', (t) => {
  it('records when an admin approves or rejects, so a rejected artist leaves the queue', async () => {
    const created = await t()
      .http()
      .post('/api/artists')
      .set('X-Forwarded-For', freshAddress())
      .send({ name: 'Review Mark', bio: 'Waiting for a decision.', countryCode: 'DM' });
    expect(created.body.reviewedAt).toBeNull();
    const featuredOnly = await t().http().patch(`/api/artists/${created.body.id}`).set('x-admin-key', ADMIN_KEY).send({ featured: false });
    expect(featuredOnly.body.reviewedAt).toBeNull();
    const rejected = await t()
      .http()
      .patch(`/api/artists/${created.body.id}`)
      .set('x-admin-key', ADMIN_KEY)
      .send({ approved: false, featured: false });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ approved: false, featured: false, reviewedAt: new Date(t().clock.now).toISOString() });
  });
});
