import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import * as v from 'valibot';
import { ArtistSchema } from '../../../domain/artists';
import { artistRequests } from '../../test/artist-requests';
import { ADMIN_KEY, describeEachEngine, freshAddress } from '../../test/test-app';

// GET and PATCH /api/artists/:id: one artist, and an admin's approval and feature.
describeEachEngine('artists: one and review', (t) => {
  const { visitorGet, adminGet, patch, createArtist, approvedArtist } = artistRequests(t);

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
