import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Artist } from '../../domain/artists';
import type { Genre, TrackStatus } from '../../domain/catalog';
import { collectionRequests } from './api-requests';
import { ADMIN_KEY, freshAddress, type TestApp } from './test-app';

export type Body = Record<string, unknown>;

/** A token no other test's data contains, so list assertions stay local to one test. */
export const token = () => `tk${randomUUID().replace(/-/g, '').slice(0, 10)}`;
export const ids = (list: { id: string }[]) => list.map((a) => a.id).sort();

/**
 * The artists collection's requests (server/features/artists' tests), and the artists and
 * tracks a test makes through the API as a visitor would, approved by an admin where asked.
 */
export function artistRequests(t: () => TestApp) {
  const requests = collectionRequests(t, '/api/artists');

  const valid = (over: Body = {}): Body => ({
    name: 'Shanta Prince',
    bio: 'Soca queen from Georgetown',
    countryCode: 'GY',
    ...over,
  });

  async function createArtist(over: Body = {}): Promise<Artist> {
    const res = await requests.post(valid(over));
    expect(res.status).toBe(201);
    return res.body as Artist;
  }

  async function approvedArtist(over: Body = {}): Promise<Artist> {
    const artist = await createArtist(over);
    const res = await requests.patch(artist.id, { approved: true });
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

  return { ...requests, valid, createArtist, approvedArtist, track, countRows };
}
