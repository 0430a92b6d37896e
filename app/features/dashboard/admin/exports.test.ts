import { describe, expect, it } from 'vitest';
import type { Artist } from '../../../../domain/artists';
import type { Sponsor } from '../../../../domain/sponsors';
import type { Track } from '../../../../domain/tracks';
import { exportCsv, type ExportData } from './exports';

const artist: Artist = {
  id: 'a1',
  name: 'Kwame "K" Lewis',
  bio: 'Roots, reggae',
  countryCode: 'GY',
  photoUrl: null,
  featured: false,
  socials: { instagram: 'https://i.example/k' },
  approved: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const track: Track = {
  id: 't1',
  artistId: 'a1',
  title: 'Seawall Sunset',
  genre: 'Reggae',
  bpm: 76,
  songKey: null,
  explicit: false,
  featured: true,
  coverUrl: null,
  fileUrl: '/demo/audio/sample.mp3',
  status: 'approved',
  createdAt: '2026-01-02T00:00:00.000Z',
};
const sponsor: Sponsor = {
  id: 's1',
  name: 'Rum Shop Records',
  tier: 'standard',
  imageUrl: null,
  notes: 'Email: a@b.example\nBudget: $500 - $1,000',
  targetUrl: null,
  active: false,
  createdAt: '2026-01-03T00:00:00.000Z',
};
const empty: ExportData = { artists: [], tracks: [], events: [], sponsors: [] };

describe('exportCsv', () => {
  it('answers null when a kind has no rows', () => {
    expect(exportCsv('artists', empty)).toBeNull();
    expect(exportCsv('tracks', empty)).toBeNull();
    expect(exportCsv('events', empty)).toBeNull();
    expect(exportCsv('sponsors', empty)).toBeNull();
  });

  it('exports artists with their country name and socials', () => {
    const lines = exportCsv('artists', { ...empty, artists: [artist] })!.split('\r\n');
    expect(lines[0]).toBe(
      '"id","name","country","countryCode","bio","approved","featured","photoUrl","instagram","spotify","youtube","soundcloud","createdAt"',
    );
    expect(lines[1]).toBe(
      '"a1","Kwame ""K"" Lewis","Guyana","GY","Roots, reggae",true,false,,"https://i.example/k",,,,"2026-01-01T00:00:00.000Z"',
    );
  });

  it('names the artist of each track', () => {
    const csv = exportCsv('tracks', { ...empty, artists: [artist], tracks: [track] })!;
    expect(csv.split('\r\n')[1]).toContain('"Seawall Sunset","a1","Kwame ""K"" Lewis","Reggae","approved",true,false,76,,');
  });

  it('keeps multi-line sponsor notes inside one quoted cell', () => {
    const csv = exportCsv('sponsors', { ...empty, sponsors: [sponsor] })!;
    expect(csv).toContain('"Email: a@b.example\nBudget: $500 - $1,000"');
    expect(csv.split('\r\n')).toHaveLength(3);
  });
});
