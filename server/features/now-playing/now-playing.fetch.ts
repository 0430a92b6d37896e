import { guardedFetch, type OutboundRules } from '../../http/outbound-guard';
import { parseNowPlayingText, type UpstreamNowPlaying } from './now-playing.formats';

/** Larger than any real status document (AzuraCast's list of many stations included). */
export const MAX_UPSTREAM_BYTES = 2 * 1024 * 1024;

export type UpstreamResult = { ok: true; data: UpstreamNowPlaying } | { ok: false; reason: string };

/**
 * One request to a now-playing URL. Never throws: a timeout (headers and body both count),
 * a refused connection, a non-2xx answer, an oversized, non-JSON or unknown document all
 * come back as { ok: false }, and so does an address the rules refuse (every hop's address is
 * checked as it is connected to: server/http/outbound-guard.ts).
 */
export async function fetchUpstream(url: string, timeoutMs: number, rules: OutboundRules): Promise<UpstreamResult> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const res = await fetchSameHost(url, signal, rules);
    if (typeof res === 'string') return { ok: false, reason: res };
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      return { ok: false, reason: `HTTP ${res.status}` };
    }
    const body = await readText(res, signal);
    if (body === null) return { ok: false, reason: 'too large' };
    const data = parseNowPlayingText(body);
    return data ? { ok: true, data } : { ok: false, reason: 'not a known now-playing document' };
  } catch (err) {
    const e = err as { name?: string; message?: string } | null;
    return { ok: false, reason: e?.name === 'TimeoutError' || signal.aborted ? 'timeout' : (e?.message ?? 'fetch failed') };
  }
}

const MAX_REDIRECTS = 5;

/**
 * Redirects are followed only to the host the admin named: the URL is fetched by the server,
 * so an upstream that redirects elsewhere could otherwise make it ask hosts only the server
 * can reach. Answers a reason instead of a response when a redirect is refused.
 */
async function fetchSameHost(url: string, signal: AbortSignal, rules: OutboundRules): Promise<Response | string> {
  const host = new URL(url).host;
  let current = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const res = await guardedFetch(
      current,
      {
        signal,
        headers: { Accept: 'application/json, text/plain;q=0.9, */*;q=0.1', 'Accept-Encoding': 'gzip, br', 'User-Agent': 'caribbean-radio-now-playing/1' },
      },
      rules,
    );
    const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
    if (location === null) return res;
    await res.body?.cancel().catch(() => undefined);
    const next = new URL(location, current);
    if (next.host !== host || !/^https?:$/.test(next.protocol)) return 'redirect to another host refused';
    current = next.href;
  }
  return 'too many redirects';
}

/** The body as text, or null once it grows past MAX_UPSTREAM_BYTES. */
async function readText(res: Response, signal: AbortSignal): Promise<string | null> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_UPSTREAM_BYTES) {
    await res.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    signal.throwIfAborted();
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_UPSTREAM_BYTES) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}
