import { isIPv4, isIPv6 } from 'node:net';
import proxyaddr from 'proxy-addr';

/**
 * TRUST_PROXY (docs/api.md, Running the server): off, on (the socket peer is our one proxy),
 * or a list of proxy addresses/CIDRs, the only peers whose X-Forwarded-For, -Proto and -Host
 * are believed (docs/api.md, Behind a reverse proxy).
 */
export type TrustProxy = boolean | readonly string[];

export type TrustFn = (address: string, hop: number) => boolean;

/**
 * proxy-addr walks X-Forwarded-For from the right while the hop it came from is trusted.
 * 'on' trusts exactly the socket peer (hop 0), so the right-most entry, the one our own proxy
 * appended, is the client; entries to its left are whatever the client sent, and believing
 * them would let anyone dodge the lock-out and rate limits by rotating the header.
 */
export function compileTrust(trust: TrustProxy): TrustFn {
  if (trust === true) return (_address, hop) => hop < 1;
  if (trust === false || trust.length === 0) return () => false;
  return proxyaddr.compile([...trust]);
}

/**
 * Whether the socket peer is a trusted proxy, whose X-Forwarded-Proto and X-Forwarded-Host are
 * believed. Koa's own `proxy` switch believes them from anyone, so tenant.ts drops them from
 * every other peer before Koa reads them (docs/api.md, Behind a reverse proxy).
 */
export function peerIsTrusted(socketAddress: string | undefined, trust: TrustFn): boolean {
  return !!socketAddress && trust(socketAddress, 0);
}

/** The client address of a request: the socket peer, or what trusted proxies say it is. */
export function clientAddress(forwardedFor: string, socketAddress: string | undefined, trust: TrustFn): string {
  const req = { headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}, socket: { remoteAddress: socketAddress } };
  const address = proxyaddr(req as unknown as Parameters<typeof proxyaddr>[0], trust) as string | undefined;
  return (address || 'unknown').trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').slice(0, 64);
}

/**
 * The key every per-address limit counts under (public-write rate limits, the admin lock-out,
 * the now-playing stream cap): IPv4 as is, IPv6 by its /64. One IPv6 subscriber is usually
 * handed a whole /64, so counting single IPv6 addresses would give each of them 2^64 tries.
 */
export function limitKey(address: string): string {
  if (isIPv4(address) || !isIPv6(address.split('%')[0]!)) return address;
  const groups = expandIPv6(address.split('%')[0]!);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : address;
}

/** Eight 16-bit groups, lower-case and without leading zeros; null when not IPv6. */
function expandIPv6(address: string): string[] | null {
  let text = address.toLowerCase();
  // An embedded IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = text.slice(0, v4.index) + ((a << 8) | b).toString(16) + ':' + ((c << 8) | d).toString(16);
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
  return groups.map((g) => parseInt(g, 16).toString(16));
}
