/**
 * docs/api.md, Lists and deletes: every list route takes limit (1–100) and cursor, answers a
 * JSON array with a Link to the next page, admin lists send X-Total-Count; admins delete
 * artists, tracks, prayers and shoutouts, and the uploaded files they named go with them.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { adminHeaders, collectionRequests } from '../test/api-requests';
import { describeEachEngine, freshAddress } from '../test/test-app';

const CARIBBEAN = 'tenant=caribbean';

describeEachEngine('lists and deletes', (t) => {
  const artists = collectionRequests(t, '/api/artists');
  const tracks = collectionRequests(t, '/api/tracks');
  const get = (url: string, asAdmin = true) => {
    const req = t().http().get(url);
    return asAdmin ? req.set(adminHeaders()) : req.set('X-Forwarded-For', freshAddress());
  };
  const nextOf = (link: string | undefined) => (link ? /^<([^>]+)>; rel="next"$/.exec(link)?.[1] ?? null : null);
  const addPrayers = async (n: number, approved = false) => {
    const base = t().clock.now;
    const rows = Array.from({ length: n }, (_, i) => ({
      id: randomUUID(),
      tenant: 'caribbean',
      text: `Spam ${i}`,
      name_optional: null,
      hearts: 0,
      approved,
      // Some share a creation time, so the id tiebreak is exercised too.
      created_at: new Date(base - Math.floor(i / 2) * 1000).toISOString(),
    }));
    await t().db('prayers').insert(rows);
    return rows;
  };
  /** Follows Link headers from the first page to the last. */
  const allPages = async (first: string) => {
    const pages: { id: string }[][] = [];
    let url: string | null = first;
    while (url) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      pages.push(res.body);
      url = nextOf(res.headers.link);
    }
    return pages;
  };

  it('pages an admin list with limit and Link, in the usual order, with the true total', async () => {
    await t().db('prayers').where({ tenant: 'caribbean' }).delete();
    await addPrayers(23);
    await addPrayers(4, true);
    const whole = await get(`/api/prayers?${CARIBBEAN}&approved=false`);
    expect(whole.headers.link).toBeUndefined();
    expect(whole.body).toHaveLength(23);

    const first = await get(`/api/prayers?${CARIBBEAN}&approved=false&limit=10`);
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(10);
    // The pending count, from the query, not from the rows answered.
    expect(first.headers['x-total-count']).toBe('23');
    const next = nextOf(first.headers.link);
    expect(next).toMatch(/^\/api\/prayers\?/);
    expect(new URL(next!, 'http://x').searchParams.get('approved')).toBe('false');
    expect(new URL(next!, 'http://x').searchParams.get('tenant')).toBe('caribbean');

    const pages = await allPages(`/api/prayers?${CARIBBEAN}&approved=false&limit=10`);
    expect(pages.map((p) => p.length)).toEqual([10, 10, 3]);
    expect(pages.flat().map((p) => p.id)).toEqual(whole.body.map((p: { id: string }) => p.id));
  });

  it('never skips rows when the rows of one page are deleted before the next is asked for', async () => {
    await t().db('prayers').where({ tenant: 'caribbean' }).delete();
    await addPrayers(12);
    const order = (await get(`/api/prayers?${CARIBBEAN}&approved=false`)).body.map((p: { id: string }) => p.id);
    const first = await get(`/api/prayers?${CARIBBEAN}&approved=false&limit=5`);
    for (const p of first.body) expect((await t().http().delete(`/api/prayers/${p.id}?${CARIBBEAN}`).set(adminHeaders())).status).toBe(204);
    const second = await get(nextOf(first.headers.link)!);
    expect(second.body.map((p: { id: string }) => p.id)).toEqual(order.slice(5, 10));
    expect(second.headers['x-total-count']).toBe('7');
  });

  it('pending=true gives an admin the moderation queue: unapproved and not yet reviewed, counted by the server', async () => {
    await t().db('prayers').where({ tenant: 'caribbean' }).delete();
    const rows = await addPrayers(6);
    await t().http().patch(`/api/prayers/${rows[0]!.id}?${CARIBBEAN}`).set(adminHeaders()).send({ approved: false });
    await t().http().patch(`/api/prayers/${rows[1]!.id}?${CARIBBEAN}`).set(adminHeaders()).send({ approved: true });
    const queue = await get(`/api/prayers?${CARIBBEAN}&pending=true&limit=2`);
    expect(queue.headers['x-total-count']).toBe('4');
    expect(queue.body).toHaveLength(2);
    const all = (await allPages(`/api/prayers?${CARIBBEAN}&pending=true&limit=2`)).flat().map((p) => p.id);
    expect(all.sort()).toEqual(rows.slice(2).map((r) => r.id).sort());
  });

  it('refuses a limit outside 1–100 and a cursor it did not give', async () => {
    for (const limit of ['0', '101', 'ten', '-1', '2.5']) {
      const res = await get(`/api/artists?limit=${limit}`, false);
      expect(res.status, limit).toBe(400);
      expect(res.body.error).toMatch(/limit/);
    }
    expect((await get('/api/artists?limit=100', false)).status).toBe(200);
    const bad = await get('/api/artists?limit=5&cursor=not-ours', false);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: expect.any(String) });
  });

  it('takes limit on every list route, visitor and admin alike', async () => {
    for (const url of ['/api/artists', '/api/tracks', '/api/shows', '/api/events', '/api/sponsors', '/api/ads', '/api/shoutouts', `/api/prayers?${CARIBBEAN}`]) {
      const paged = url + (url.includes('?') ? '&' : '?') + 'limit=1';
      const res = await get(paged);
      expect(res.status, paged).toBe(200);
      expect(Array.isArray(res.body), paged).toBe(true);
      expect(res.body.length, paged).toBeLessThanOrEqual(1);
      expect(res.headers['x-total-count'], paged).toMatch(/^\d+$/);
    }
    // Visitors get pages too, without the admin count.
    const visitor = await get('/api/shows?limit=1', false);
    expect(visitor.status).toBe(200);
    expect(visitor.headers['x-total-count']).toBeUndefined();
  });

  const ownFile = (ext: string) => {
    const name = `${randomUUID()}.${ext}`;
    fs.mkdirSync(t().config.uploadDir, { recursive: true });
    fs.writeFileSync(path.join(t().config.uploadDir, name), 'x');
    return { url: `/uploads/${name}`, exists: () => fs.existsSync(path.join(t().config.uploadDir, name)) };
  };

  it('deletes a prayer for an admin only (204, then 404), on the prayer tenant only', async () => {
    const [prayer] = await addPrayers(1);
    const visitor = await t().http().delete(`/api/prayers/${prayer!.id}?${CARIBBEAN}`).set('X-Forwarded-For', freshAddress());
    expect(visitor.status).toBe(401);
    expect((await t().http().delete(`/api/prayers/${prayer!.id}`).set(adminHeaders())).status).toBe(404);
    expect((await t().http().delete(`/api/prayers/${prayer!.id}?${CARIBBEAN}`).set(adminHeaders())).status).toBe(204);
    expect(await t().db('prayers').where({ id: prayer!.id }).first()).toBeUndefined();
    expect((await t().http().delete(`/api/prayers/${prayer!.id}?${CARIBBEAN}`).set(adminHeaders())).status).toBe(404);
  });

  it('deletes a track and its uploaded audio and cover, leaving files that are not ours', async () => {
    const artist = await artists.post({ name: 'Spam Band', bio: 'spam', countryCode: 'GY' });
    const audio = ownFile('mp3');
    const cover = ownFile('png');
    const track = await tracks.post({ artistId: artist.body.id, title: 'Spam', genre: 'Soca', explicit: false, fileUrl: audio.url, coverUrl: cover.url });
    expect(track.status).toBe(201);
    expect((await t().http().delete(`/api/tracks/${track.body.id}`).set('X-Forwarded-For', freshAddress())).status).toBe(401);
    expect(audio.exists()).toBe(true);
    expect((await t().http().delete(`/api/tracks/${track.body.id}`).set(adminHeaders())).status).toBe(204);
    expect(audio.exists()).toBe(false);
    expect(cover.exists()).toBe(false);
    expect((await get(`/api/tracks/${track.body.id}`)).status).not.toBe(200);
    expect((await t().http().delete(`/api/tracks/${track.body.id}`).set(adminHeaders())).status).toBe(404);
  });

  it('deletes an artist with its tracks and all their uploaded files', async () => {
    const photo = ownFile('png');
    const audio = ownFile('mp3');
    const artist = await artists.post({ name: 'Spam Artist', bio: 'spam', countryCode: 'JM', photoUrl: photo.url });
    expect(artist.status).toBe(201);
    const track = await tracks.post({ artistId: artist.body.id, title: 'Spam', genre: 'Soca', explicit: false, fileUrl: audio.url });
    expect(track.status).toBe(201);
    expect((await t().http().delete(`/api/artists/${artist.body.id}`).set(adminHeaders())).status).toBe(204);
    expect(photo.exists()).toBe(false);
    expect(audio.exists()).toBe(false);
    expect(await t().db('tracks').where({ id: track.body.id }).first()).toBeUndefined();
    expect((await get(`/api/artists/${artist.body.id}`)).status).toBe(404);
    expect((await t().http().delete(`/api/artists/${artist.body.id}`).set(adminHeaders())).status).toBe(404);
  });

  it('deletes a shoutout and its recording', async () => {
    const recording = ownFile('webm');
    const id = randomUUID();
    await t().db('shoutouts').insert({ id, tenant: 'watzhott', name_optional: null, audio_url: recording.url, approved: false, created_at: new Date(t().clock.now).toISOString() });
    expect((await t().http().delete(`/api/shoutouts/${id}`).set('X-Forwarded-For', freshAddress())).status).toBe(401);
    expect((await t().http().delete(`/api/shoutouts/${id}?${CARIBBEAN}`).set(adminHeaders())).status).toBe(404);
    expect((await t().http().delete(`/api/shoutouts/${id}`).set(adminHeaders())).status).toBe(204);
    expect(recording.exists()).toBe(false);
    expect(await t().db('shoutouts').where({ id }).first()).toBeUndefined();
  });
});
