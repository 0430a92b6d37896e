import { NP_HISTORY_MAX, type NowPlayingSong, type PlayedSong } from '../../../domain/now-playing';

/**
 * The upstream now-playing documents the server understands (docs/product.md "Now playing
 * source"), as pure functions from parsed JSON to one shape. Nothing here trusts the
 * document: every field is checked, strings are trimmed and capped, art must be http(s).
 */

export type UpstreamFormat = 'azuracast' | 'icecast' | 'shoutcast';

export interface UpstreamNowPlaying {
  format: UpstreamFormat;
  /** null when the source answers but nothing is on (no mount, an empty title). */
  song: NowPlayingSong | null;
  /** The source's own history, newest first (AzuraCast only); null when it gives none. */
  history: PlayedSong[] | null;
  listeners: number | null;
}

/** np_history's column widths. */
export const MAX_TEXT = 300;
export const MAX_ART = 2000;

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Control characters (a NUL breaks PostgreSQL text) as spaces, runs of blanks as one. */
function collapse(v: unknown): string {
  const s = typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
  return s.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ');
}

/** A trimmed, capped string from a string or a number; '' for anything else. */
export function text(v: unknown): string {
  return collapse(v).trim().slice(0, MAX_TEXT);
}

/** A whole, non-negative count; null when the source gives none. */
export function count(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : null;
}

/** Only absolute http(s) URLs reach the app's <img src>. */
export function artUrl(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const s = v.trim();
  if (!s || s.length > MAX_ART) return null;
  try {
    const url = new URL(s);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** 'Artist - Title' split on the first ' - '; without one the whole text is the title. */
export function splitArtistTitle(raw: unknown): { artist: string; title: string } {
  const s = ` ${collapse(raw)} `;
  const at = s.indexOf(' - ');
  if (at < 0) return { artist: '', title: text(s) };
  const artist = text(s.slice(0, at));
  const title = text(s.slice(at + 3));
  // ' - Title' or 'Artist - ': keep what there is as the title rather than lose it.
  if (!title || !artist) return { artist: '', title: title || artist };
  return { artist, title };
}

function song(title: string, artist: string, art: string | null): NowPlayingSong | null {
  if (!title && !artist) return null;
  // A song with an artist but no title shows the artist as the title.
  return title ? { title, artist, art } : { title: artist, artist: '', art };
}

// ---------------------------------------------------------------- AzuraCast

const isAzuraStation = (v: unknown): v is Obj => isObj(v) && isObj(v.now_playing);

function azuraSong(s: unknown): NowPlayingSong | null {
  if (!isObj(s)) return null;
  let title = text(s.title);
  let artist = text(s.artist);
  if (!title && !artist) ({ title, artist } = splitArtistTitle(s.text));
  return song(title, artist, artUrl(s.art));
}

/** AzuraCast /api/nowplaying/{station} (or the list of /api/nowplaying: the first station). */
export function parseAzuraCast(doc: unknown): UpstreamNowPlaying | null {
  const station = Array.isArray(doc) ? doc.find(isAzuraStation) : doc;
  if (!isAzuraStation(station)) return null;
  const np = station.now_playing as Obj;
  let history: PlayedSong[] | null = null;
  if (Array.isArray(station.song_history)) {
    history = [];
    for (const entry of station.song_history) {
      if (!isObj(entry)) continue;
      const s = azuraSong(entry.song);
      const playedAt = count(entry.played_at);
      if (!s || playedAt === null) continue;
      const ms = playedAt * 1000;
      if (!Number.isFinite(new Date(ms).getTime())) continue;
      history.push({ title: s.title, artist: s.artist, playedAt: new Date(ms).toISOString() });
    }
    history.sort((a, b) => Date.parse(b.playedAt) - Date.parse(a.playedAt));
    history = history.slice(0, NP_HISTORY_MAX);
  }
  const l = station.listeners;
  const listeners = isObj(l) ? count(l.current ?? l.total) : count(l);
  return { format: 'azuracast', song: azuraSong(np.song), history, listeners };
}

// ---------------------------------------------------------------- Icecast

/** Icecast status-json.xsl: icestats.source, one object or an array of mounts. */
export function parseIcecast(doc: unknown): UpstreamNowPlaying | null {
  if (!isObj(doc) || !isObj(doc.icestats)) return null;
  const raw = doc.icestats.source;
  const sources = (Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw]).filter(isObj);
  // The first mount that says what is playing; without one, the first mount (for listeners).
  const source = sources.find((s) => text(s.title) !== '') ?? sources[0];
  if (!source) return { format: 'icecast', song: null, history: null, listeners: null };
  const rawTitle = text(source.title);
  const ownArtist = text(source.artist);
  // Icecast sends `artist` separately only when the encoder set both fields.
  const parts = ownArtist ? { artist: ownArtist, title: rawTitle } : splitArtistTitle(rawTitle);
  return {
    format: 'icecast',
    song: song(parts.title, parts.artist, null),
    history: null,
    listeners: count(source.listeners),
  };
}

// ---------------------------------------------------------------- SHOUTcast

const hasShoutcastFields = (v: Obj): boolean => 'songtitle' in v || 'currentlisteners' in v;
const isShoutcastStream = (v: unknown): v is Obj => isObj(v) && hasShoutcastFields(v);

/** SHOUTcast v2 stats?json=1 (one stream), or statistics?json=1 (`streams`: the first with a title). */
export function parseShoutcast(doc: unknown): UpstreamNowPlaying | null {
  if (!isObj(doc)) return null;
  let stream: Obj | undefined;
  if (Array.isArray(doc.streams)) {
    const streams = doc.streams.filter(isShoutcastStream);
    stream = streams.find((s) => text(s.songtitle) !== '') ?? streams[0];
    if (!stream && !hasShoutcastFields(doc)) return null;
  }
  stream ??= hasShoutcastFields(doc) ? doc : undefined;
  if (!stream) return null;
  const { artist, title } = splitArtistTitle(stream.songtitle);
  return { format: 'shoutcast', song: song(title, artist, null), history: null, listeners: count(stream.currentlisteners) };
}

// ---------------------------------------------------------------- detection

/** Which format a document is, by its shape; null when it is none of them. */
export function detectFormat(doc: unknown): UpstreamFormat | null {
  if (isAzuraStation(doc) || (Array.isArray(doc) && doc.some(isAzuraStation))) return 'azuracast';
  if (isObj(doc) && isObj(doc.icestats)) return 'icecast';
  if (isObj(doc) && (hasShoutcastFields(doc) || (Array.isArray(doc.streams) && doc.streams.some(isShoutcastStream)))) return 'shoutcast';
  return null;
}

/** Any supported document to one shape; null for anything else. */
export function parseNowPlayingDocument(doc: unknown): UpstreamNowPlaying | null {
  switch (detectFormat(doc)) {
    case 'azuracast':
      return parseAzuraCast(doc);
    case 'icecast':
      return parseIcecast(doc);
    case 'shoutcast':
      return parseShoutcast(doc);
    default:
      return null;
  }
}

/** A response body to the shape: tolerant of a BOM, strict about everything else. */
export function parseNowPlayingText(body: string): UpstreamNowPlaying | null {
  let doc: unknown;
  try {
    doc = JSON.parse(body.replace(/^\uFEFF/, ''));
  } catch {
    return null;
  }
  return parseNowPlayingDocument(doc);
}
