import type { Artist } from '../../../../domain/artists';
import { findCountry } from '../../../../domain/countries';
import type { Event } from '../../../../domain/events';
import type { Sponsor } from '../../../../domain/sponsors';
import type { Track } from '../../../../domain/tracks';
import { fieldColumns, toCsv, type CsvColumn } from './csv';

export const EXPORT_KINDS = ['artists', 'tracks', 'events', 'sponsors'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const EXPORT_LABELS: Record<ExportKind, string> = {
  artists: 'Artists',
  tracks: 'Tracks',
  events: 'Events',
  sponsors: 'Sponsors',
};

const SOCIAL_NETWORKS = ['instagram', 'spotify', 'youtube', 'soundcloud'] as const;

const ARTIST_COLUMNS: CsvColumn<Artist>[] = [
  ...fieldColumns<Artist>('id', 'name'),
  { header: 'country', value: (a) => findCountry(a.countryCode)?.name ?? a.countryCode },
  ...fieldColumns<Artist>('countryCode', 'bio', 'approved', 'featured', 'photoUrl'),
  ...SOCIAL_NETWORKS.map((network): CsvColumn<Artist> => ({ header: network, value: (a) => a.socials[network] })),
  ...fieldColumns<Artist>('createdAt'),
];

const trackColumns = (artistName: (id: string) => string | undefined): CsvColumn<Track>[] => [
  ...fieldColumns<Track>('id', 'title', 'artistId'),
  { header: 'artist', value: (t) => artistName(t.artistId) },
  ...fieldColumns<Track>('genre', 'status', 'featured', 'explicit', 'bpm', 'songKey', 'fileUrl', 'coverUrl', 'createdAt'),
];

const EVENT_COLUMNS = fieldColumns<Event>('id', 'title', 'startIso', 'locationText', 'priceFrom', 'ticketUrl', 'isPublic', 'imageUrl');

const SPONSOR_COLUMNS = fieldColumns<Sponsor>('id', 'name', 'tier', 'active', 'targetUrl', 'imageUrl', 'notes', 'createdAt');

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
