import * as v from 'valibot';
import { NewAdSchema } from '../../../domain/ads';
import { NewArtistSchema } from '../../../domain/artists';
import { NewEventSchema } from '../../../domain/events';
import { NewPrayerSchema } from '../../../domain/prayers';
import { SettingsSchema, defaultSettings } from '../../../domain/settings';
import { NewShowSchema } from '../../../domain/shows';
import { SponsorApplicationFormSchema, SponsorPatchSchema, composeSponsorNotes } from '../../../domain/sponsors';
import { NewTrackSchema } from '../../../domain/tracks';
import { builtInLogoUrl, TENANTS, tenantHasEvents, tenantHasPrayers, type Tenant } from '../../../domain/tenants';
import type { Db } from '../knex';
import { toAdRow } from '../../features/ads/ads.repository';
import { toArtistRow } from '../../features/artists/artists.repository';
import { toEventRow } from '../../features/events/events.repository';
import { toHistoryRow } from '../../features/now-playing/now-playing.repository';
import { toPrayerRow } from '../../features/prayers/prayers.repository';
import { toShowRow } from '../../features/shows/shows.repository';
import { toSponsorRow } from '../../features/sponsors/sponsors.repository';
import { toTrackRow } from '../../features/tracks/tracks.repository';
import { toSettingsRow } from '../settings.repository';
import { DEMO_ARTISTS, DEMO_AUDIO_URL, DEMO_HISTORY, DEMO_STREAM_URL, DEMO_TRACKS, artistPhotoUrl, genreCoverUrl } from './demo-content';
import { DEMO_ADS, DEMO_EVENTS, DEMO_PRAYERS, DEMO_SHOWS, DEMO_SPONSORS, adImageUrl, eventImageUrl, sponsorLogoUrl } from './demo-community-content';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Guyana keeps UTC-4 all year; demo event times are written in Guyana time. */
const GUYANA_OFFSET_HOURS = -4;

/** Every content table, children first, so deleting in this order never breaks a foreign key. */
export const DEMO_TABLES = [
  'tracks',
  'artists',
  'settings',
  'shows',
  'events',
  'sponsors',
  'prayers',
  'shoutouts',
  'ads',
  'np_history',
] as const;
export type DemoTable = (typeof DEMO_TABLES)[number];
/** Parents first, so inserting in this order never breaks a foreign key. */
const INSERT_ORDER: readonly DemoTable[] = [...DEMO_TABLES].reverse();

/** Fills an empty database with demo content; answers whether it did. */
export async function seedDemoIfEmpty(db: Db, now: number): Promise<boolean> {
  const row = await db('artists').count({ n: '*' }).first();
  if (Number(row?.n ?? 0) > 0) return false;
  await seedDemo(db, now);
  return true;
}

/**
 * Replaces all content with the demo: every content table is emptied and refilled in one
 * transaction. Each row is first checked with the same domain schema the API uses for its
 * input, so a bad demo fails here and is never stored.
 */
export async function seedDemo(db: Db, now: number): Promise<void> {
  const rows = demoRows(now);
  await db.transaction(async (trx) => {
    for (const table of DEMO_TABLES) await trx(table).delete();
    for (const table of INSERT_ORDER) {
      const list = rows[table];
      // Row counts are small; 50 per statement keeps SQLite far below its variable limit.
      for (let i = 0; i < list.length; i += 50) await trx(table).insert(list.slice(i, i + 50));
    }
  });
}

/**
 * The settings a tenant gets from the demo: the defaults with the demo's logo, stream and
 * player, in Guyana, checked against the settings schema.
 */
export function demoSettings(tenant: Tenant) {
  return v.parse(SettingsSchema, {
    ...defaultSettings(tenant),
    logoUrl: builtInLogoUrl(tenant),
    streamUrl: DEMO_STREAM_URL,
    radioHtmlEmbed: '<p>Listen live with the player bar below.</p>',
    defaultCountry: 'GY',
    timeZone: 'America/Guyana',
    enableChat: true,
    // The demo shows 'Request a song' on the radio page (docs/product.md "Requests").
    enableRequests: true,
  });
}

/** Every row of the demo, table by table, in insertion order (artists before tracks). */
export function demoRows(now: number): Record<DemoTable, Record<string, unknown>[]> {
  /** The instant `msAgo` before `now`: each demo row's creation time. */
  const ago = (msAgo: number) => now - msAgo;

  const settings = TENANTS.map((tenant) => toSettingsRow(tenant, demoSettings(tenant), now));

  const artistIds = new Map<string, string>();
  const artists = DEMO_ARTISTS.map((a) => {
    if (artistIds.has(a.key)) throw new Error(`Demo artist ${a.key} listed twice`);
    const input = v.parse(NewArtistSchema, {
      name: a.name,
      bio: a.bio,
      countryCode: a.countryCode,
      photoUrl: artistPhotoUrl(a.key),
      socials: a.socials,
    });
    const row = toArtistRow(input, ago(a.daysAgo * DAY), { featured: a.featured && a.approved, approved: a.approved });
    artistIds.set(a.key, row.id);
    return row;
  });
  const artistId = (key: string): string => {
    const id = artistIds.get(key);
    if (!id) throw new Error(`Demo content names unknown artist ${key}`);
    return id;
  };

  const tracks = DEMO_TRACKS.map((t, i) => {
    const input = v.parse(NewTrackSchema, {
      artistId: artistId(t.artist),
      title: t.title,
      genre: t.genre,
      bpm: t.bpm,
      songKey: t.songKey,
      explicit: t.explicit,
      coverUrl: genreCoverUrl(t.genre),
      fileUrl: DEMO_AUDIO_URL,
    });
    // A minute apart on the same day keeps the newest-first order stable.
    return toTrackRow(input, ago(t.daysAgo * DAY + i * MINUTE), { featured: t.featured && t.status === 'approved', status: t.status });
  });

  const shows = TENANTS.flatMap((tenant) =>
    DEMO_SHOWS[tenant].map((s, i) => toShowRow(tenant, v.parse(NewShowSchema, s), ago(30 * DAY - i * MINUTE))),
  );

  const events = TENANTS.filter(tenantHasEvents).flatMap((tenant) =>
    DEMO_EVENTS.map((e, i) => {
      const input = v.parse(NewEventSchema, {
        title: e.title,
        imageUrl: eventImageUrl(e.key),
        startIso: eventStart(now, e.daysAhead, e.localTime),
        locationText: e.locationText,
        priceFrom: e.priceFrom,
        ticketUrl: e.ticketUrl,
        isPublic: e.isPublic,
      });
      return toEventRow(tenant, input, ago(20 * DAY - i * HOUR));
    }),
  );

  const sponsors = DEMO_SPONSORS.map((s) => {
    const form = v.parse(SponsorApplicationFormSchema, {
      companyName: s.name,
      email: s.application.email,
      website: s.targetUrl ?? '',
      tier: s.tier,
      budget: s.application.budget,
      goals: s.application.goals,
      message: s.application.message,
    });
    const reviewed = v.parse(SponsorPatchSchema, {
      imageUrl: s.hasLogo ? sponsorLogoUrl(s.key) : null,
      targetUrl: form.website === '' ? null : form.website,
      active: s.active,
    });
    const application = { name: form.companyName, tier: form.tier, notes: composeSponsorNotes(form), targetUrl: reviewed.targetUrl ?? null };
    return toSponsorRow(s.tenant, application, ago(s.daysAgo * DAY), { imageUrl: reviewed.imageUrl ?? null, active: reviewed.active ?? false });
  });

  const prayers = TENANTS.filter(tenantHasPrayers).flatMap((tenant) =>
    DEMO_PRAYERS.map((p) => {
      const input = v.parse(NewPrayerSchema, { text: p.text, nameOptional: p.nameOptional });
      return toPrayerRow(tenant, input, ago(p.hoursAgo * HOUR), { approved: p.approved, hearts: p.approved ? p.hearts : 0 });
    }),
  );

  const ads = DEMO_ADS.map((a, i) => {
    const input = v.parse(NewAdSchema, {
      imageUrl: adImageUrl(a),
      targetUrl: a.targetUrl,
      alt: `${a.headline}: ${a.tagline}`,
      slots: [a.slot],
      countries: a.countries,
      active: true,
    });
    return toAdRow(a.tenant, input, ago(14 * DAY - i * MINUTE));
  });

  const artistName = new Map(DEMO_ARTISTS.map((a) => [a.key, a.name]));
  const np_history = TENANTS.flatMap((tenant) =>
    DEMO_HISTORY[tenant].map((h) => {
      const track = DEMO_TRACKS.find((t) => t.artist === h.artist && t.title === h.title);
      if (!track || track.status !== 'approved') throw new Error(`Demo history names unknown track ${h.title}`);
      const song = { title: h.title, artist: artistName.get(h.artist)!, art: h.withArt ? genreCoverUrl(track.genre) : null };
      return toHistoryRow(tenant, song, ago(h.minutesAgo * MINUTE));
    }),
  );

  // No demo shoutouts: they are voice recordings, and the demo ships no audio.
  return { settings, artists, tracks, shows, events, sponsors, prayers, shoutouts: [], ads, np_history };
}

/** An instant `daysAhead` days after `now`, at HH:MM Guyana time. */
function eventStart(now: number, daysAhead: number, localTime: string): string {
  const [h = 0, m = 0] = localTime.split(':').map(Number);
  // The calendar day in Guyana, then HH:MM on it, then back to UTC.
  const local = new Date(now + daysAhead * DAY + GUYANA_OFFSET_HOURS * HOUR);
  const utc = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), h, m) - GUYANA_OFFSET_HOURS * HOUR;
  return new Date(utc).toISOString();
}
