import type { Artist } from '../../../domain/artists';
import { findCountry } from '../../../domain/countries';
import type { Event } from '../../../domain/events';
import type { Sponsor } from '../../../domain/sponsors';
import type { Track } from '../../../domain/tracks';
import { toCsv, type CsvColumn } from './csv';

export const EXPORT_KINDS = ['artists', 'tracks', 'events', 'sponsors'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const EXPORT_LABELS: Record<ExportKind, string> = {
  artists: 'Artists',
  tracks: 'Tracks',
  events: 'Events',
  sponsors: 'Sponsors',
};

const ARTIST_COLUMNS: CsvColumn<Artist>[] = [
  { header: 'id', value: (a) => a.id },
  { header: 'name', value: (a) => a.name },
  { header: 'country', value: (a) => findCountry(a.countryCode)?.name ?? a.countryCode },
  { header: 'countryCode', value: (a) => a.countryCode },
  { header: 'bio', value: (a) => a.bio },
  { header: 'approved', value: (a) => a.approved },
  { header: 'featured', value: (a) => a.featured },
  { header: 'photoUrl', value: (a) => a.photoUrl },
  { header: 'instagram', value: (a) => a.socials.instagram },
  { header: 'spotify', value: (a) => a.socials.spotify },
  { header: 'youtube', value: (a) => a.socials.youtube },
  { header: 'soundcloud', value: (a) => a.socials.soundcloud },
  { header: 'createdAt', value: (a) => a.createdAt },
];

const trackColumns = (artistName: (id: string) => string | undefined): CsvColumn<Track>[] => [
  { header: 'id', value: (t) => t.id },
  { header: 'title', value: (t) => t.title },
  { header: 'artistId', value: (t) => t.artistId },
  { header: 'artist', value: (t) => artistName(t.artistId) },
  { header: 'genre', value: (t) => t.genre },
  { header: 'status', value: (t) => t.status },
  { header: 'featured', value: (t) => t.featured },
  { header: 'explicit', value: (t) => t.explicit },
  { header: 'bpm', value: (t) => t.bpm },
  { header: 'songKey', value: (t) => t.songKey },
  { header: 'fileUrl', value: (t) => t.fileUrl },
  { header: 'coverUrl', value: (t) => t.coverUrl },
  { header: 'createdAt', value: (t) => t.createdAt },
];

const EVENT_COLUMNS: CsvColumn<Event>[] = [
  { header: 'id', value: (e) => e.id },
  { header: 'title', value: (e) => e.title },
  { header: 'startIso', value: (e) => e.startIso },
  { header: 'locationText', value: (e) => e.locationText },
  { header: 'priceFrom', value: (e) => e.priceFrom },
  { header: 'ticketUrl', value: (e) => e.ticketUrl },
  { header: 'isPublic', value: (e) => e.isPublic },
  { header: 'imageUrl', value: (e) => e.imageUrl },
];

const SPONSOR_COLUMNS: CsvColumn<Sponsor>[] = [
  { header: 'id', value: (s) => s.id },
  { header: 'name', value: (s) => s.name },
  { header: 'tier', value: (s) => s.tier },
  { header: 'active', value: (s) => s.active },
  { header: 'targetUrl', value: (s) => s.targetUrl },
  { header: 'imageUrl', value: (s) => s.imageUrl },
  { header: 'notes', value: (s) => s.notes },
  { header: 'createdAt', value: (s) => s.createdAt },
];

export interface ExportData {
  artists: readonly Artist[];
  tracks: readonly Track[];
  events: readonly Event[];
  sponsors: readonly Sponsor[];
}

/** The CSV text of one kind, or null when there is nothing to export ('No Data'). */
export function exportCsv(kind: ExportKind, data: ExportData): string | null {
  switch (kind) {
    case 'artists':
      return data.artists.length ? toCsv(data.artists, ARTIST_COLUMNS) : null;
    case 'tracks': {
      if (!data.tracks.length) return null;
      const names = new Map(data.artists.map((a) => [a.id, a.name]));
      return toCsv(data.tracks, trackColumns((id) => names.get(id)));
    }
    case 'events':
      return data.events.length ? toCsv(data.events, EVENT_COLUMNS) : null;
    case 'sponsors':
      return data.sponsors.length ? toCsv(data.sponsors, SPONSOR_COLUMNS) : null;
  }
}
