import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import ipaddr from 'ipaddr.js';

/**
 * Every request the server makes to a URL someone gave it (the now-playing upstream, push
 * endpoints, the recorder) goes through here, so a settings field cannot make the server ask
 * its own machine, its private network or the cloud's metadata service on a visitor's behalf
 * and show what it answered (docs/api.md, "Requests the server makes").
 */
export interface OutboundRules {
  /** UPSTREAM_ALLOW_PRIVATE=on: loopback and private networks are allowed (a station on the same machine or LAN). */
  allowPrivate: boolean;
}

export type AddressKind = 'public' | 'private' | 'loopback' | 'link-local' | 'metadata' | 'reserved';

/** Refused whatever the rules: a request there is never a station's. */
const NEVER: ReadonlySet<AddressKind> = new Set(['link-local', 'metadata', 'reserved']);

export class OutboundRefusedError extends Error {
  readonly code = 'EOUTBOUNDREFUSED';
  constructor(message: string) {
    super(message);
    this.name = 'OutboundRefusedError';
  }
}

type V4 = ipaddr.IPv4;
type V6 = ipaddr.IPv6;
const v4 = (cidr: string) => ipaddr.IPv4.parseCIDR(cidr);
const v6 = (cidr: string) => ipaddr.IPv6.parseCIDR(cidr);

// First match wins (ipaddr.subnetMatch walks the keys in order): the metadata services'
// single addresses sit inside link-local or private ranges and must be named first.
const V4_RANGES: Record<string, [V4, number][]> = {
  // AWS/GCP/Azure/OpenStack, AWS ECS task metadata, Alibaba Cloud, Azure's wire server.
  metadata: [v4('169.254.169.254/32'), v4('169.254.170.2/32'), v4('100.100.100.200/32'), v4('168.63.129.16/32')],
  'link-local': [v4('169.254.0.0/16')],
  loopback: [v4('127.0.0.0/8')],
  // 0.0.0.0/8 reaches the machine itself on Linux; the rest are documentation, benchmarking,
  // protocol assignments, multicast and the old class E (with broadcast): no station lives there.
  reserved: [
    v4('0.0.0.0/8'),
    v4('192.0.0.0/24'),
    v4('192.0.2.0/24'),
    v4('198.18.0.0/15'),
    v4('198.51.100.0/24'),
    v4('203.0.113.0/24'),
    v4('224.0.0.0/4'),
    v4('240.0.0.0/4'),
  ],
  // RFC 1918 and carrier-grade NAT (the provider's side, not the internet).
  private: [v4('10.0.0.0/8'), v4('172.16.0.0/12'), v4('192.168.0.0/16'), v4('100.64.0.0/10')],
};

const V6_RANGES: Record<string, [V6, number][]> = {
  metadata: [v6('fd00:ec2::254/128')],
  loopback: [v6('::1/128')],
  // Unspecified, discard-only, documentation, Teredo tunnels (they carry another address),
  // ORCHID and multicast.
  reserved: [v6('::/128'), v6('100::/64'), v6('2001:db8::/32'), v6('2001::/32'), v6('2001:10::/28'), v6('2001:20::/28'), v6('ff00::/8')],
  'link-local': [v6('fe80::/10')],
  // Unique local, and the deprecated site-local.
  private: [v6('fc00::/7'), v6('fec0::/10')],
};

/** The IPv4 address an IPv6 address carries, where it stands for one (mapped, NAT64, 6to4, compatible). */
function embeddedV4(addr: V6): V4 | null {
  const b = addr.toByteArray();
  const last4 = () => new ipaddr.IPv4(b.slice(12, 16));
  if (addr.match(v6('::ffff:0:0/96'))) return last4();
  if (addr.match(v6('::ffff:0:0:0/96'))) return last4(); // RFC 6145 translated
  if (addr.match(v6('64:ff9b::/96')) || addr.match(v6('64:ff9b:1::/48'))) return last4(); // NAT64
  if (addr.match(v6('2002::/16'))) return new ipaddr.IPv4(b.slice(2, 6)); // 6to4
  // IPv4-compatible (deprecated): ::a.b.c.d, but not :: or ::1.
  if (addr.match(v6('::/96')) && !addr.match(v6('::/127'))) return last4();
  return null;
}

/** Kinds of address: link-local and cloud-metadata are refused always; loopback/private only with allowPrivate. */
export function addressKind(ip: string): AddressKind {
  // '[::1]' as a URL writes it, and a zone ('fe80::1%eth0') as lookups may answer it.
  const bare = ip.trim().replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (!isIP(bare)) return 'reserved';
  const addr = ipaddr.parse(bare);
  if (addr.kind() === 'ipv4') return ipaddr.subnetMatch(addr as V4, V4_RANGES, 'public') as AddressKind;
  const inner = embeddedV4(addr as V6);
  if (inner) return ipaddr.subnetMatch(inner, V4_RANGES, 'public') as AddressKind;
  return ipaddr.subnetMatch(addr as V6, V6_RANGES, 'public') as AddressKind;
}

/** Host names that are the machine itself, the metadata service, or only mean something on a private network. */
function nameKind(host: string): AddressKind {
  const name = host.toLowerCase().replace(/\.+$/, '');
  if (name === 'localhost' || name.endsWith('.localhost') || name === 'localhost.localdomain') return 'loopback';
  if (['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal'].includes(name)) return 'metadata';
  // One label ('icecast'), or a suffix no public DNS answers: names on the local network.
  if (!name.includes('.') || /\.(internal|local|lan|home|home\.arpa|intranet|corp|localdomain)$/.test(name)) return 'private';
  return 'public';
}

const ALLOW_HINT = 'To let the server fetch it (a station on the same machine or network), start the server with UPSTREAM_ALLOW_PRIVATE=on.';

/** Why the rules refuse an address of this kind, as a sentence for people; null when allowed. */
function kindProblem(kind: AddressKind, what: string, rules: OutboundRules): string | null {
  switch (kind) {
    case 'public':
      return null;
    case 'metadata':
      return `${what} is a cloud metadata service; the server never fetches it.`;
    case 'link-local':
      return `${what} is a link-local address (169.254.x.x or fe80::); the server never fetches it.`;
    case 'reserved':
      return `${what} is a reserved address, not a host on the internet; the server never fetches it.`;
    case 'loopback':
      return rules.allowPrivate ? null : `${what} is this server itself. ${ALLOW_HINT}`;
    case 'private':
      return rules.allowPrivate ? null : `${what} is on a private network. ${ALLOW_HINT}`;
  }
}

/**
 * The host of a parsed URL as an address when it is one: the WHATWG parser has already
 * turned every IPv4 spelling (2130706433, 0x7f.1, 0177.0.0.1) into dotted decimal.
 */
const literalAddress = (url: URL): string | null => {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(host) ? host : null;
};

/** Synchronous shape check of a URL someone gives us (settings form, push subscription): scheme (http/https, or https only with httpsOnly), and literal hosts in every spelling (127.0.0.1, [::1], 2130706433, 0x7f.1, localhost, metadata.google.internal …). Returns null when acceptable, else a sentence for people saying why (and, for a private address, how to allow it: UPSTREAM_ALLOW_PRIVATE=on). */
export function outboundUrlProblem(raw: string, rules: OutboundRules & { httpsOnly?: boolean }): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return 'Must be a full URL, starting with http:// or https://.';
  }
  if (rules.httpsOnly ? url.protocol !== 'https:' : url.protocol !== 'http:' && url.protocol !== 'https:') {
    return rules.httpsOnly ? 'Must be an https:// URL.' : 'Must be an http:// or https:// URL.';
  }
  if (!url.hostname) return 'Must name a host.';
  const address = literalAddress(url);
  return kindProblem(address ? addressKind(address) : nameKind(url.hostname), address ? `The address ${address}` : `The host ${url.hostname}`, rules);
}

/** A dns.lookup-compatible function for http(s).request's `lookup` option / a socket connect, refusing any resolved address the rules forbid (so the address actually connected to is the one checked: no rebinding window). */
export function guardedLookup(rules: OutboundRules): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      // Only the addresses the rules allow are handed to the connect: a name that answers a
      // public and a private address can reach the public one only.
      const allowed = addresses.filter((a) => kindProblem(addressKind(a.address), '', rules) === null);
      if (allowed.length === 0) {
        const first = addresses[0]?.address ?? hostname;
        const why = kindProblem(addressKind(first), `${hostname} (${first})`, rules) ?? `${hostname} has no address`;
        return callback(new OutboundRefusedError(why), '', 0);
      }
      if (options.all) (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, allowed);
      else callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}

const NULL_BODY_STATUS = new Set([101, 103, 204, 205, 304]);

/**
 * fetch-like GET/POST over node:http/https using guardedLookup (or undici with a guarded connect, if you prefer — but no rebinding window), with a timeout; throws OutboundRefusedError when refused.
 * Redirects are answered as they are, never followed: a caller that follows one calls this again
 * for the new URL, so every hop is checked (now-playing.fetch.ts does).
 */
export function guardedFetch(
  url: string | URL,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer; timeoutMs?: number; signal?: AbortSignal },
  rules: OutboundRules,
): Promise<Response> {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return Promise.reject(new OutboundRefusedError(`${target.protocol} URLs are not fetched.`));
  // A literal address is connected to without any lookup, so it is checked here.
  const literal = literalAddress(target);
  if (literal) {
    const why = kindProblem(addressKind(literal), `The address ${literal}`, rules);
    if (why) return Promise.reject(new OutboundRefusedError(why));
  }
  const signals = [init.signal, init.timeoutMs !== undefined ? AbortSignal.timeout(init.timeoutMs) : undefined].filter((s): s is AbortSignal => !!s);
  const signal = signals.length > 0 ? AbortSignal.any(signals) : undefined;
  if (signal?.aborted) return Promise.reject(signal.reason);
  const body = init.body === undefined ? undefined : Buffer.isBuffer(init.body) ? init.body : Buffer.from(init.body);
  const headers: Record<string, string> = { ...init.headers };
  if (body && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-length')) headers['Content-Length'] = String(body.length);

  return new Promise<Response>((resolve, reject) => {
    const request = (target.protocol === 'https:' ? https : http).request(target, {
      method: init.method ?? 'GET',
      headers,
      lookup: guardedLookup(rules),
      // One connection per request: a pooled socket would skip the lookup, and the check with it.
      agent: false,
      signal,
    });
    request.once('error', (err) => reject(signal?.aborted ? signal.reason : err));
    request.once('response', (res) => {
      try {
        resolve(toResponse(res));
      } catch (err) {
        // A status fetch's Response cannot carry (over 599, say): an answer no caller can use.
        res.destroy();
        reject(err);
      }
    });
    const toResponse = (res: http.IncomingMessage): Response => {
      const status = res.statusCode ?? 0;
      const responseHeaders = new Headers();
      for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) responseHeaders.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
      if (NULL_BODY_STATUS.has(status) || init.method === 'HEAD') {
        res.resume();
        return new Response(null, { status, statusText: res.statusMessage, headers: responseHeaders });
      }
      // As fetch does: the body comes decoded, its encoding and length headers no longer true.
      let stream: Readable = res;
      const encoding = responseHeaders.get('content-encoding')?.trim().toLowerCase();
      const decoder = encoding === 'gzip' || encoding === 'x-gzip' ? zlib.createGunzip() : encoding === 'deflate' ? zlib.createInflate() : encoding === 'br' ? zlib.createBrotliDecompress() : null;
      if (decoder) {
        stream = res.pipe(decoder);
        res.once('error', (err) => decoder.destroy(err));
        responseHeaders.delete('content-encoding');
        responseHeaders.delete('content-length');
      }
      // The timeout and the caller's signal cover the body too (request's signal ends res with it).
      const response = new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { status, statusText: res.statusMessage, headers: responseHeaders });
      signal?.addEventListener('abort', () => stream.destroy(signal.reason as Error), { once: true });
      return response;
    };
    request.end(body);
  });
}

/**
 * A GET of a stream (the live relay, the station recorder) following up to `maxHops` redirects by
 * hand, each hop through guardedFetch, so every address on the way is checked (a stream often
 * moves to https or a relay). The last answer is returned as it is; a redirect's body is dropped.
 */
export async function guardedFetchFollowing(
  url: string,
  init: { headers?: Record<string, string>; signal?: AbortSignal },
  rules: OutboundRules,
  maxHops = 3,
): Promise<Response> {
  let target = url;
  for (let hop = 0; ; hop += 1) {
    const res = await guardedFetch(target, init, rules);
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location || hop >= maxHops) return res;
    await res.body?.cancel().catch(() => undefined);
    target = new URL(location, target).href;
  }
}

/** A configured URL made absolute: a path (the demo's /demo/stream) against this server's own address; '' when it is no URL. */
export function absoluteUrl(url: string, base: string | undefined): string {
  if (!url) return '';
  try {
    return new URL(url, base).href;
  } catch {
    return '';
  }
}
