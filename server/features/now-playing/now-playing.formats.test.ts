import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  artUrl,
  count,
  detectFormat,
  MAX_TEXT,
  parseAzuraCast,
  parseIcecast,
  parseNowPlayingDocument,
  parseNowPlayingText,
  parseShoutcast,
  splitArtistTitle,
} from './now-playing.formats';

const fixture = (name: string): string => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
const doc = (name: string): unknown => JSON.parse(fixture(name));
/** What a format without history answers for one playing song. */
const oneSong = (format: string, title: string, artist: string, listeners: number) => ({
  format,
  song: { title, artist, art: null },
  history: null,
  listeners,
});
/** A test named `name`: the fixture `file` reads as that one song. */
const readsOneSong = (name: string, file: string, ...song: Parameters<typeof oneSong>) =>
  it(name, () => {
    expect(parseNowPlayingText(fixture(file))).toEqual(oneSong(...song));
  });

describe('AzuraCast /api/nowplaying/{station}', () => {
  it('reads now_playing.song, song_history with played_at as ISO, and listeners.current', () => {
    expect(parseNowPlayingText(fixture('azuracast-station.json'))).toEqual({
      format: 'azuracast',
      song: {
        title: 'Excess Love',
        artist: 'Sherwin Gardner',
        art: 'https://radio.example.org/api/station/caribbean_praise/art/9f33bd6f5bd4b7a1d3a7a1d41b44e8a0-1700000000.jpg',
      },
      history: [
        { title: 'Shifting the Atmosphere', artist: 'Jason Nelson', playedAt: new Date(1767610478 * 1000).toISOString() },
        { title: 'Step Pon Di Devil', artist: 'Papa San', playedAt: new Date(1767610232 * 1000).toISOString() },
        // Blank artist and title: the song's `text` is split instead.
        { title: 'Station ID', artist: 'Caribbean Praise Radio', playedAt: new Date(1767609990 * 1000).toISOString() },
      ],
      listeners: 42,
    });
  });

  it('takes the first station of the /api/nowplaying list', () => {
    const parsed = parseNowPlayingText(fixture('azuracast-list.json'));
    expect(parsed?.format).toBe('azuracast');
    expect(parsed?.song).toMatchObject({ title: 'Like Ah Boss', artist: 'Machel Montano' });
    expect(parsed?.history).toEqual([{ title: 'Hello', artist: 'Kes', playedAt: '2026-01-05T10:56:20.000Z' }]);
    expect(parsed?.listeners).toBe(121);
  });

  it('sorts history newest first, keeps 20, skips broken entries', () => {
    const history = Array.from({ length: 25 }, (_, i) => ({ played_at: 1767600000 + i * 60, song: { title: `T${i}`, artist: 'A' } }));
    const parsed = parseAzuraCast({
      now_playing: { song: { title: 'Now', artist: 'Me', art: 'javascript:alert(1)' } },
      song_history: [...history, { played_at: 'soon', song: { title: 'x' } }, { song: null }, null, 'text'],
      listeners: 'many',
    });
    expect(parsed?.song).toEqual({ title: 'Now', artist: 'Me', art: null });
    expect(parsed?.history).toHaveLength(20);
    expect(parsed?.history?.[0]?.title).toBe('T24');
    expect(parsed?.history?.at(-1)?.title).toBe('T5');
    expect(parsed?.listeners).toBeNull();
  });

  it('accepts a bare listener number (old versions) and no history', () => {
    expect(parseAzuraCast({ now_playing: { song: { text: 'Lone Title' } }, listeners: 9 })).toEqual(oneSong('azuracast', 'Lone Title', '', 9));
  });
});

describe('Icecast status-json.xsl', () => {
  readsOneSong('reads a single source object, splitting "Artist - Title"', 'icecast-single.json', 'icecast', 'Excess Love', 'Sherwin Gardner', 23);

  readsOneSong('picks the first source with a title from an array, splitting on the first " - " only', 'icecast-multi.json', 'icecast', 'Differentology (Ready for the Road) - Remix', 'Bunji Garlin', 87);

  it('uses a separate artist field when the encoder sent one', () => {
    const parsed = parseIcecast({ icestats: { source: { title: 'Differentology', artist: 'Bunji Garlin', listeners: 3 } } });
    expect(parsed?.song).toEqual({ title: 'Differentology', artist: 'Bunji Garlin', art: null });
  });

  it('answers no song when no mount is up or none has a title', () => {
    expect(parseNowPlayingText(fixture('icecast-no-source.json'))).toEqual({ format: 'icecast', song: null, history: null, listeners: null });
    expect(parseIcecast({ icestats: { source: [{ listeners: 4, title: '' }, { listeners: 1 }] } })).toEqual({
      format: 'icecast',
      song: null,
      history: null,
      listeners: 4,
    });
  });
});

describe('SHOUTcast v2 stats?json=1', () => {
  readsOneSong('reads songtitle and currentlisteners', 'shoutcast-stats.json', 'shoutcast', 'Smile Jamaica', 'Chronixx', 14);

  readsOneSong('reads statistics?json=1: the first stream with a title', 'shoutcast-statistics.json', 'shoutcast', 'Ride On King Jesus', 'Ron Kenoly', 26);

  it('has no song while the title is empty, and takes listener counts sent as text', () => {
    expect(parseShoutcast({ songtitle: '', currentlisteners: '7' })).toEqual({ format: 'shoutcast', song: null, history: null, listeners: 7 });
  });
});

describe('detection and garbage', () => {
  it('detects the format by shape', () => {
    expect(detectFormat(doc('azuracast-station.json'))).toBe('azuracast');
    expect(detectFormat(doc('azuracast-list.json'))).toBe('azuracast');
    expect(detectFormat(doc('icecast-single.json'))).toBe('icecast');
    expect(detectFormat(doc('icecast-multi.json'))).toBe('icecast');
    expect(detectFormat(doc('shoutcast-stats.json'))).toBe('shoutcast');
    expect(detectFormat(doc('shoutcast-statistics.json'))).toBe('shoutcast');
  });

  it.each([
    ['null', null],
    ['a number', 42],
    ['a string', 'Artist - Title'],
    ['an empty array', []],
    ['an empty object', {}],
    ['an array of junk', [1, 'two', null]],
    ['icestats of the wrong type', { icestats: 'down' }],
    ['now_playing of the wrong type', { now_playing: 'Artist - Title' }],
    ['an unrelated API', { status: 'ok', data: { title: 'x' } }],
  ])('answers null for %s', (_name, value) => {
    expect(detectFormat(value)).toBeNull();
    expect(parseNowPlayingDocument(value)).toBeNull();
  });

  it.each([
    ['HTML', '<!doctype html><html><body>502 Bad Gateway</body></html>'],
    ['truncated JSON', fixture('icecast-single.json').slice(0, 200)],
    ['an empty body', ''],
    ['plain text', 'Sherwin Gardner - Excess Love'],
  ])('answers null for %s', (_name, body) => {
    expect(parseNowPlayingText(body)).toBeNull();
  });

  it('tolerates a byte-order mark', () => {
    expect(parseNowPlayingText('\uFEFF' + fixture('shoutcast-stats.json'))?.listeners).toBe(14);
  });

  it('cleans what it passes on: control characters, length, art schemes, counts', () => {
    const parsed = parseShoutcast({ songtitle: `Band\u0000 -  ${'x'.repeat(400)}\n`, currentlisteners: -3 });
    expect(parsed?.song?.artist).toBe('Band');
    expect(parsed?.song?.title.length).toBeLessThanOrEqual(MAX_TEXT);
    expect(parsed?.listeners).toBeNull();
    expect(artUrl('data:image/png;base64,AAAA')).toBeNull();
    expect(artUrl('/relative.jpg')).toBeNull();
    expect(artUrl(' https://media.example.com/a b.jpg ')).toBe('https://media.example.com/a%20b.jpg');
    expect(count(12.7)).toBe(12);
    expect(count('12')).toBe(12);
    expect(count('12 listeners')).toBeNull();
    expect(count(Number.NaN)).toBeNull();
  });

  it('splits "Artist - Title" on the first " - "', () => {
    expect(splitArtistTitle('Kes - Hello')).toEqual({ artist: 'Kes', title: 'Hello' });
    expect(splitArtistTitle('A - B - C')).toEqual({ artist: 'A', title: 'B - C' });
    expect(splitArtistTitle('Jay-Z')).toEqual({ artist: '', title: 'Jay-Z' });
    expect(splitArtistTitle('  Spaced   Out  -  Song ')).toEqual({ artist: 'Spaced Out', title: 'Song' });
    expect(splitArtistTitle('Only Artist - ')).toEqual({ artist: '', title: 'Only Artist' });
    expect(splitArtistTitle(' - Only Title')).toEqual({ artist: '', title: 'Only Title' });
    expect(splitArtistTitle(7)).toEqual({ artist: '', title: '7' });
    expect(splitArtistTitle(undefined)).toEqual({ artist: '', title: '' });
  });
});
