import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { admin, expect, wav } from './fixtures';

// The artists' and tracks' rows as the API lists them, and what the artists end-to-end specs
// (artists.spec.ts, artist-submission.spec.ts) make and read through it.

export interface ArtistRow {
  id: string;
  name: string;
  bio: string;
  countryCode: string;
  featured: boolean;
  approved: boolean;
  photoUrl: string | null;
  createdAt: string;
  socials: Record<string, string>;
}
export interface TrackRow {
  id: string;
  artistId: string;
  title: string;
  genre: string;
  status: string;
  fileUrl: string;
}

export const approvedArtists = async (request: APIRequestContext) =>
  (await (await request.get('/api/artists?approved=true')).json()) as ArtistRow[];
export const publicTracks = async (request: APIRequestContext) => (await (await request.get('/api/tracks')).json()) as TrackRow[];
export const allArtists = async (request: APIRequestContext) =>
  (await (await request.get('/api/artists', { headers: admin })).json()) as ArtistRow[];
export const allTracks = async (request: APIRequestContext) =>
  (await (await request.get('/api/tracks', { headers: admin })).json()) as TrackRow[];

export async function artistByName(request: APIRequestContext, name: string): Promise<ArtistRow> {
  const found = (await allArtists(request)).find((a) => a.name === name);
  expect(found, `artist ${name}`).toBeTruthy();
  return found!;
}

/** An approved, not featured artist with one pending track of `genre`. */
export async function approvedArtistWithPendingTrack(request: APIRequestContext, name: string, genre: string) {
  const created = await request.post('/api/artists', { data: { name, bio: 'Made by the end-to-end tests.', countryCode: 'LC' } });
  expect(created.status(), await created.text()).toBe(201);
  const artist = (await created.json()) as ArtistRow;
  expect((await request.patch(`/api/artists/${artist.id}`, { headers: admin, data: { approved: true } })).status()).toBe(200);
  const track = await request.post('/api/tracks', {
    data: { artistId: artist.id, title: `${name} song`, genre, explicit: false, fileUrl: `/uploads/${randomUUID()}.mp3` },
  });
  expect(track.status(), await track.text()).toBe(201);
  return { artist, track: (await track.json()) as TrackRow };
}

export const GOOD_WAV = wav(44100, 2, 16, 0.25); // 1411 kbps
export const LOW_WAV = wav(8000, 1, 8, 0.25); // 64 kbps

export const cards = (page: Page, scope = 'main') => page.locator(`${scope} [data-testid="artist-card"]`);
export const count = (page: Page) => page.locator('.result-count');

export async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}
