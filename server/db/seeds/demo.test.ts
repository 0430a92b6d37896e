import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AdSchema, type Ad } from '../../../domain/ads';
import { ArtistSchema, type Artist } from '../../../domain/artists';
import { AD_SLOTS, GENRES, SPONSOR_TIERS, WEEKDAYS } from '../../../domain/catalog';
import { COUNTRY_CODES } from '../../../domain/countries';
import { EventSchema, type Event } from '../../../domain/events';
import type { NowPlaying } from '../../../domain/now-playing';
import { PrayerSchema, type Prayer } from '../../../domain/prayers';
import { SettingsSchema } from '../../../domain/settings';
import { NewShowSchema, ShowSchema, minutesOf, type Show } from '../../../domain/shows';
import { SponsorSchema, type Sponsor } from '../../../domain/sponsors';
import { TENANTS, type Tenant } from '../../../domain/tenants';
import { TrackSchema, type Track } from '../../../domain/tracks';
import { ADMIN_KEY, describeEachEngine } from '../../test/test-app';
import { DEMO_AUDIO_URL, DEMO_STREAM_URL } from './demo-content';
import { DEMO_TABLES, demoRows, seedDemo, seedDemoIfEmpty } from './demo';

const PUBLIC_DIR = fileURLToPath(new URL('../../../public/', import.meta.url));
const publicFile = (url: string) => path.join(PUBLIC_DIR, url.replace(/^\//, ''));
const q = (tenant: Tenant, extra = '') => `?tenant=${tenant}${extra}`;

describeEachEngine('demo seed', (t) => {
  const get = (url: string, asAdmin = false) => {
    const req = t().http().get(url);
    return asAdmin ? req.set('x-admin-key', ADMIN_KEY) : req;
  };
  const count = async (table: string, where: Record<string, unknown> = {}) =>
    Number((await t().db(table).where(where).count({ n: '*' }).first())?.n ?? 0);
  const counts = async () =>
    Object.fromEntries(await Promise.all(DEMO_TABLES.map(async (table) => [table, await count(table)] as const)));
  const seed = () => seedDemo(t().db, t().clock.now);

  // First on purpose: it needs the database still empty.
  it('seedDemoIfEmpty fills an empty database, then leaves a non-empty one alone', async () => {
    expect(Object.values(await counts()).every((n) => n === 0)).toBe(true);
    expect(await seedDemoIfEmpty(t().db, t().clock.now)).toBe(true);

    const filled = await counts();
    for (const table of DEMO_TABLES) {
      // Shoutouts are voice recordings; the demo ships no audio, so it only clears them.
      if (table === 'shoutouts') expect(filled[table]).toBe(0);
      else expect(filled[table], table).toBeGreaterThan(0);
    }
    expect(filled.artists).toBe(24);
    expect(filled.settings).toBe(2);

    const someone = (await t().db('artists').first('id')) as { id: string };
    await t().db('artists').where({ id: someone.id }).update({ name: 'Edited by an admin' });
    expect(await seedDemoIfEmpty(t().db, t().clock.now)).toBe(false);
    expect(await counts()).toEqual(filled);
    expect((await t().db('artists').where({ id: someone.id }).first()).name).toBe('Edited by an admin');
  });

  it('seedDemo replaces all content rather than appending to it', async () => {
    await seed();
    const first = await counts();
    const firstIds = new Set((await t().db('artists').select('id')).map((r: { id: string }) => r.id));
    // Content an admin or visitor added since must go too.
    const [artist] = (await t().db('artists').select('id')) as { id: string }[];
    await t().db('tracks').insert({
      id: 'extra-track', artist_id: artist!.id, title: 'Extra', genre: 'Pop', explicit: false, featured: false,
      file_url: '/uploads/x.mp3', status: 'pending', created_at: new Date().toISOString(),
    });
    await t().db('shoutouts').insert({ id: 'extra-shoutout', tenant: 'watzhott', audio_url: '/uploads/y.webm', approved: false, created_at: new Date().toISOString() });

    await seed();
    expect(await counts()).toEqual(first);
    const secondIds = (await t().db('artists').select('id')).map((r: { id: string }) => r.id);
    expect(secondIds.some((id: string) => firstIds.has(id))).toBe(false);
    expect(await count('tracks', { id: 'extra-track' })).toBe(0);
    expect(await count('shoutouts')).toBe(0);
  });

  it('artists: two dozen from all eleven countries, featured, rising and pending', async () => {
    await seed();
    const res = await get('/api/artists', true);
    expect(res.status).toBe(200);
    const artists = res.body as Artist[];
    expect(artists).toHaveLength(24);
    for (const a of artists) expect(v.is(ArtistSchema, a), a.name).toBe(true);
    expect(new Set(artists.map((a) => a.countryCode))).toEqual(new Set(COUNTRY_CODES));

    const featuredGy = artists.filter((a) => a.approved && a.featured && a.countryCode === 'GY');
    const rising = artists.filter((a) => a.approved && !a.featured);
    const pending = artists.filter((a) => !a.approved);
    expect(featuredGy.length).toBeGreaterThanOrEqual(6);
    expect(rising.length).toBeGreaterThanOrEqual(6);
    expect(pending.length).toBeGreaterThanOrEqual(3);
    expect(pending.length).toBeLessThanOrEqual(5);
    expect(pending.every((a) => !a.featured)).toBe(true);
    expect(artists.filter((a) => Object.keys(a.socials).length > 0).length).toBeGreaterThanOrEqual(6);
    for (const a of artists) {
      expect(a.bio.length).toBeGreaterThan(20);
      for (const url of Object.values(a.socials)) expect(url).toMatch(/^https:\/\/(www\.)?(instagram\.com|open\.spotify\.com|youtube\.com|soundcloud\.com)\//);
    }

    const visible = (await get('/api/artists')).body as Artist[];
    expect(visible).toHaveLength(24 - pending.length);
    expect(visible.every((a) => a.approved)).toBe(true);
  });

  it('tracks: every genre has an approved track by an approved artist; some pending and rejected', async () => {
    await seed();
    const all = (await get('/api/tracks', true)).body as Track[];
    for (const track of all) expect(v.is(TrackSchema, track), track.title).toBe(true);
    const artists = new Map(((await get('/api/artists', true)).body as Artist[]).map((a) => [a.id, a]));
    expect(all.every((track) => artists.has(track.artistId))).toBe(true);

    const visible = (await get('/api/tracks')).body as Track[];
    for (const genre of GENRES) {
      expect(visible.some((track) => track.genre === genre && track.status === 'approved' && artists.get(track.artistId)?.approved), genre).toBe(true);
      const byGenre = await get(`/api/artists?genre=${encodeURIComponent(genre)}`);
      expect(byGenre.body.length, genre).toBeGreaterThan(0);
    }
    expect(all.some((track) => track.status === 'pending')).toBe(true);
    expect(all.some((track) => track.status === 'rejected')).toBe(true);
    expect(all.some((track) => track.bpm !== null && track.songKey !== null)).toBe(true);
    expect(all.some((track) => track.bpm === null)).toBe(true);
    expect(all.some((track) => track.explicit)).toBe(true);
    expect(all.some((track) => track.featured && track.status === 'approved')).toBe(true);
    expect(all.every((track) => track.fileUrl === DEMO_AUDIO_URL && track.coverUrl?.startsWith('/demo/'))).toBe(true);
  });

  it('shows: a full, non-overlapping week for each tenant, one running past midnight', async () => {
    await seed();
    for (const tenant of TENANTS) {
      const shows = (await get(`/api/shows${q(tenant)}`)).body as Show[];
      for (const show of shows) {
        expect(v.is(ShowSchema, show), show.title).toBe(true);
        expect(v.safeParse(NewShowSchema, show).success, show.title).toBe(true);
      }
      for (const day of WEEKDAYS) {
        expect(shows.filter((s) => s.days.includes(day)).length, `${tenant} ${day}`).toBeGreaterThanOrEqual(3);
      }
      expect(shows.some((s) => minutesOf(s.endTime) < minutesOf(s.startTime)), tenant).toBe(true);

      // Minute by minute over the week: never two shows at once, so 'on air now' is unambiguous.
      const week = new Uint8Array(7 * 1440);
      for (const s of shows) {
        const start = minutesOf(s.startTime);
        const length = (minutesOf(s.endTime) - start + 1440) % 1440;
        for (const day of s.days) {
          const from = WEEKDAYS.indexOf(day) * 1440 + start;
          for (let m = 0; m < length; m++) week[(from + m) % week.length]! += 1;
        }
      }
      expect(Math.max(...week), `${tenant} has overlapping shows`).toBe(1);
    }
    const caribbean = ((await get(`/api/shows${q('caribbean')}`)).body as Show[]).map((s) => s.title);
    expect(caribbean).toEqual(expect.arrayContaining(['Morning Devotion', 'Gospel Hour']));
  });

  it('events: watzhott only, all in the future, public and private', async () => {
    await seed();
    const all = (await get(`/api/events${q('watzhott')}`, true)).body as Event[];
    expect(all.length).toBeGreaterThanOrEqual(5);
    for (const e of all) {
      expect(v.is(EventSchema, e), e.title).toBe(true);
      expect(Date.parse(e.startIso)).toBeGreaterThan(t().clock.now);
      if (e.ticketUrl !== null) expect(e.ticketUrl).toMatch(/^https:\/\/[a-z0-9.-]+\.example\//);
    }
    expect(all.some((e) => e.isPublic)).toBe(true);
    expect(all.some((e) => !e.isPublic)).toBe(true);
    expect(all.some((e) => e.priceFrom !== null && e.priceFrom > 0)).toBe(true);

    const visible = (await get(`/api/events${q('watzhott')}`)).body as Event[];
    expect(visible).toHaveLength(all.filter((e) => e.isPublic).length);
    expect(await count('events', { tenant: 'caribbean' })).toBe(0);
  });

  it('sponsors: every tier active on each tenant, plus an application waiting with composed notes', async () => {
    await seed();
    for (const tenant of TENANTS) {
      const all = (await get(`/api/sponsors${q(tenant)}`, true)).body as Sponsor[];
      for (const s of all) expect(v.is(SponsorSchema, s), s.name).toBe(true);
      const active = all.filter((s) => s.active);
      expect(new Set(active.map((s) => s.tier))).toEqual(new Set(SPONSOR_TIERS));
      expect(active.every((s) => s.imageUrl?.startsWith('/demo/sponsors/'))).toBe(true);
      const waiting = all.filter((s) => !s.active);
      expect(waiting).toHaveLength(1);
      expect(waiting[0]!.notes).toMatch(/^Email: \S+@\S+\nBudget: .+\nGoals: .{20,}(\nMessage: .+)?$/);

      const visible = (await get(`/api/sponsors${q(tenant)}`)).body as Sponsor[];
      expect(visible).toHaveLength(active.length);
      expect(visible.every((s) => s.notes === undefined)).toBe(true);
    }
  });

  it('prayers: on the caribbean tenant only, approved ones with hearts and a few pending', async () => {
    await seed();
    expect(await count('prayers')).toBe(await count('prayers', { tenant: 'caribbean' }));
    const approved = (await get(`/api/prayers${q('caribbean', '&approved=true')}`)).body as Prayer[];
    expect(approved.length).toBeGreaterThanOrEqual(6);
    expect(approved.every((p) => p.approved && p.hearts > 0)).toBe(true);
    const pending = (await get(`/api/prayers${q('caribbean', '&approved=false')}`, true)).body as Prayer[];
    expect(pending.length).toBeGreaterThanOrEqual(2);
    expect(pending.every((p) => !p.approved && p.hearts === 0)).toBe(true);
    for (const p of [...approved, ...pending]) expect(v.is(PrayerSchema, p)).toBe(true);
    expect((await get(`/api/prayers${q('watzhott')}`)).status).toBe(404);
  });

  it('ads: an active untargeted ad in every slot of each tenant, one more for Jamaica only', async () => {
    await seed();
    for (const tenant of TENANTS) {
      const ads = (await get(`/api/ads${q(tenant)}`, true)).body as Ad[];
      for (const ad of ads) {
        expect(v.is(AdSchema, ad), ad.alt).toBe(true);
        expect(ad.targetUrl).toMatch(/^https:\/\/[a-z0-9.-]+\.example(\/|$)/);
      }
      for (const slot of AD_SLOTS) {
        expect(ads.some((ad) => ad.active && ad.slots.includes(slot) && ad.countries.length === 0), `${tenant} ${slot}`).toBe(true);
        const served = await get(`/api/ads/serve${q(tenant, `&slot=${slot}&country=GY`)}`);
        expect(served.status, `${tenant} ${slot}`).toBe(200);
        expect(served.body.imageUrl).toMatch(/^\/demo\/ads\//);
      }
    }
    const targeted = (await t().db('ads').whereNot('countries', '[]')) as { id: string; tenant: string; countries: string }[];
    expect(targeted).toHaveLength(1);
    expect(JSON.parse(targeted[0]!.countries)).toEqual(['JM']);
    // Ads take turns by impressions: two serves to Guyana would reach it if it were not targeted.
    for (let i = 0; i < 3; i++) {
      const served = await get(`/api/ads/serve${q(targeted[0]!.tenant as Tenant, '&slot=leaderboard&country=GY')}`);
      expect(served.body.id).not.toBe(targeted[0]!.id);
    }
    const inJamaica = await Promise.all(
      [0, 1, 2].map(() => get(`/api/ads/serve${q(targeted[0]!.tenant as Tenant, '&slot=leaderboard&country=JM')}`)),
    );
    expect(inJamaica.some((r) => r.body.id === targeted[0]!.id)).toBe(true);
  });

  it('settings: a complete, valid object per tenant with the local stream and brand logo', async () => {
    await seed();
    for (const tenant of TENANTS) {
      const stored = (await t().db('settings').where({ tenant }).first()) as { data: string };
      expect(v.is(SettingsSchema, JSON.parse(stored.data))).toBe(true);
      const res = await get(`/api/settings${q(tenant)}`);
      expect(v.is(SettingsSchema, res.body)).toBe(true);
      expect(res.body).toMatchObject({
        tenant,
        displayName: tenant === 'caribbean' ? 'Caribbean Praise Radio' : 'Watzhott',
        logoUrl: `/brand/${tenant}-logo.svg`,
        streamUrl: DEMO_STREAM_URL,
        adMode: 'hybrid',
        timeZone: 'America/Guyana',
        enablePrayerWall: tenant === 'caribbean',
        donateUrl: '',
      });
      expect(res.body.radioHtmlEmbed).not.toMatch(/<script|https?:/i);
    }
  });

  it('now playing: a short history per tenant, newest first', async () => {
    await seed();
    const approvedTitles = new Set(((await get('/api/tracks')).body as Track[]).map((track) => track.title));
    for (const tenant of TENANTS) {
      const np = (await get(`/api/np${q(tenant)}`)).body as NowPlaying;
      expect(np.history.length).toBeGreaterThanOrEqual(3);
      const times = np.history.map((h) => Date.parse(h.playedAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(times.every((time) => time <= t().clock.now)).toBe(true);
      expect(np.history.every((h) => approvedTitles.has(h.title) && h.artist.length > 0)).toBe(true);
    }
  });

  it('every image the seed stores is a local file under public/', async () => {
    await seed();
    const urls: string[] = [];
    const collect = async (table: string, column: string) => {
      for (const row of (await t().db(table).select(column)) as Record<string, string | null>[]) {
        if (row[column] != null) urls.push(row[column]!);
      }
    };
    await collect('artists', 'photo_url');
    await collect('tracks', 'cover_url');
    await collect('events', 'image_url');
    await collect('sponsors', 'image_url');
    await collect('ads', 'image_url');
    await collect('np_history', 'art');
    for (const row of (await t().db('settings').select('data')) as { data: string }[]) urls.push(JSON.parse(row.data).logoUrl);

    expect(await count('artists', { photo_url: null })).toBe(0);
    expect(urls.length).toBeGreaterThan(60);
    for (const url of new Set(urls)) {
      expect(url, url).toMatch(/^\/(demo|brand)\/[a-z0-9/-]+\.svg$/);
      expect(fs.existsSync(publicFile(url)), `${url} exists under public/`).toBe(true);
    }
  });
});

describe('demo images', () => {
  const files = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]))
      : [];
  const images = [...files(path.join(PUBLIC_DIR, 'demo')), ...files(path.join(PUBLIC_DIR, 'brand'))].filter((f) => f.endsWith('.svg'));

  it('are tiny, well-formed SVGs with a size and a viewBox', () => {
    expect(images.length).toBeGreaterThan(60);
    for (const file of images) {
      const svg = fs.readFileSync(file, 'utf8');
      const name = path.relative(PUBLIC_DIR, file);
      expect(Buffer.byteLength(svg), name).toBeLessThan(1536);
      expect(svg, name).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+" viewBox="0 0 \d+ \d+"/);
      expect(svg.trimEnd().endsWith('</svg>'), name).toBe(true);
      expect(svg, name).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
      expect(svg, name).not.toMatch(/(href|url\()\s*=?\s*["']?(https?:)?\/\//);
      // Every element closed in order.
      const stack: string[] = [];
      for (const [, close, tag, selfClose] of svg.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
        if (close) expect(stack.pop(), name).toBe(tag);
        else if (!selfClose) stack.push(tag!);
      }
      expect(stack, name).toEqual([]);
    }
  });

  it('stay under 60 KB in all, with no file the demo does not use', () => {
    const demoDir = path.join(PUBLIC_DIR, 'demo');
    // The images; the demo's sound (demo/audio, scripts/make-demo-audio.mjs) is counted below.
    const images = files(demoDir).filter((f) => !f.startsWith(path.join(demoDir, 'audio') + path.sep));
    const total = images.reduce((sum, f) => sum + fs.statSync(f).size, 0);
    expect(total).toBeLessThan(60 * 1024);
    // The demo's tune: small enough for the repository, and every file there is a track's sound.
    const audio = files(path.join(demoDir, 'audio'));
    expect(audio.reduce((sum, f) => sum + fs.statSync(f).size, 0)).toBeLessThan(128 * 1024);
    const sounds = new Set(Object.values(demoRows(Date.now())).flatMap((list) => list.map((row) => row['file_url']).filter((v): v is string => typeof v === 'string')));
    for (const file of audio) expect(sounds.has('/' + path.relative(PUBLIC_DIR, file).split(path.sep).join('/')), `${file} is a demo track's sound`).toBe(true);

    const rows = demoRows(Date.now());
    const used = new Set<string>();
    for (const list of Object.values(rows)) {
      for (const row of list) {
        for (const key of ['photo_url', 'cover_url', 'image_url', 'art']) {
          const value = row[key];
          if (typeof value === 'string') used.add(value);
        }
      }
    }
    // The folders scripts/make-demo-images.mjs draws into.
    const drawn = ['artists', 'covers', 'events', 'sponsors', 'ads'].flatMap((d) => files(path.join(demoDir, d)));
    for (const file of drawn) {
      const url = '/' + path.relative(PUBLIC_DIR, file).split(path.sep).join('/');
      expect(used.has(url), `${url} is used by the demo`).toBe(true);
    }
  });
});
