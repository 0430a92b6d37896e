import type { RequestableSong } from '../../../domain/requests';
import { guardedFetch, type OutboundRules } from '../../http/outbound-guard';

/**
 * AzuraCast's public request API (docs/api.md "Song requests and dedications"):
 * - GET {base}/api/station/{id}/requests: `[{request_id, request_url, song: {title, artist, text…}}]`,
 *   or an error answer when the station takes no requests;
 * - POST {base}/api/station/{id}/request/{request_id}: `{success: true, message}`, or an error
 *   answer `{success: false, message, formatted_message…}` (a 500 in recent versions, a 4xx in
 *   older ones) whose message is shown to the listener as it is ('…You have submitted a
 *   request too recently…', '…played too recently…').
 * Every request goes through the outbound guard, like the now-playing fetch.
 */
export interface AzuraCastStation {
  /** The installation's address, with any path it lives under, without a trailing slash. */
  base: string;
  station: string;
}

/** A station's AzuraCast address, when the now-playing source is its /api/nowplaying/{id}. */
export function azuraCastStation(npJsonUrl: string): AzuraCastStation | null {
  let url: URL;
  try {
    url = new URL(npJsonUrl);
  } catch {
    return null;
  }
  // /api/nowplaying/{id}, and the static file AzuraCast also publishes (/api/nowplaying_static/{id}.json).
  const m = /^(.*)\/api\/nowplaying(?:_static)?\/([^/]+?)(?:\.json)?\/?$/.exec(url.pathname);
  if (!m || !m[2]) return null;
  return { base: `${url.origin}${m[1]}`, station: decodeURIComponent(m[2]) };
}

const MAX_BYTES = 4 * 1024 * 1024;
const HEADERS = { Accept: 'application/json', 'User-Agent': 'caribbean-radio-requests/1' };

async function readJson(res: Response): Promise<unknown> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_BYTES) {
    await res.body?.cancel().catch(() => undefined);
    return null;
  }
  const text = await res.text();
  if (text.length > MAX_BYTES) return null;
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return null;
  }
}

const str = (v: unknown): string => (typeof v === 'string' ? v.replace(/[\u0000-\u001f\u007f]/g, ' ').trim().slice(0, 300) : typeof v === 'number' ? String(v) : '');
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Its requestable songs; null when the station answers that it takes no requests. Throws when it cannot be reached. */
export async function fetchRequestableSongs(at: AzuraCastStation, rules: OutboundRules, timeoutMs: number): Promise<RequestableSong[] | null> {
  const res = await guardedFetch(`${at.base}/api/station/${encodeURIComponent(at.station)}/requests`, { headers: HEADERS, timeoutMs }, rules);
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    // A gateway's 502-504: the station is down, not closed to requests.
    if (res.status > 500) throw new Error(`HTTP ${res.status}`);
    // 403/404/500 'This station does not support requests': requests are off there.
    return null;
  }
  const doc = await readJson(res);
  // A paginated answer (?per_page) carries its rows in `rows`.
  const rows = Array.isArray(doc) ? doc : isObj(doc) && Array.isArray(doc.rows) ? doc.rows : null;
  if (!rows) return null;
  const songs: RequestableSong[] = [];
  for (const row of rows) {
    if (!isObj(row)) continue;
    const id = str(row.request_id);
    const song = isObj(row.song) ? row.song : {};
    let title = str(song.title);
    let artist = str(song.artist);
    if (!title && !artist) {
      const text = str(song.text);
      const at = text.indexOf(' - ');
      [artist, title] = at < 0 ? ['', text] : [text.slice(0, at).trim(), text.slice(at + 3).trim()];
    }
    if (id && title) songs.push({ id, title, artist });
  }
  return songs;
}

export type SubmitResult = { ok: true } | { ok: false; message: string };

/**
 * Sends one request on. X-Forwarded-For carries the listener's own address: an AzuraCast whose
 * "IP Address Source" is X-Forwarded-For then limits each listener by their address rather than
 * all of ours by this server's (docs/api.md). Throws when the station cannot be reached.
 */
export async function submitRequest(at: AzuraCastStation, requestId: string, listenerAddress: string, rules: OutboundRules, timeoutMs: number): Promise<SubmitResult> {
  const url = `${at.base}/api/station/${encodeURIComponent(at.station)}/request/${encodeURIComponent(requestId)}`;
  const res = await guardedFetch(url, { method: 'POST', headers: { ...HEADERS, 'X-Forwarded-For': listenerAddress }, timeoutMs }, rules);
  const doc = await readJson(res);
  if (res.ok && !(isObj(doc) && doc.success === false)) return { ok: true };
  const message = isObj(doc) ? str(doc.message) || str(doc.formatted_message) : '';
  return { ok: false, message: message || `The station refused the request (HTTP ${res.status})` };
}
