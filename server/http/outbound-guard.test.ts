import dns from 'node:dns';
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listenLocally } from '../test/listen-locally';
import { absoluteUrl, addressKind, guardedFetch, guardedFetchFollowing, guardedLookup, OutboundRefusedError, outboundUrlProblem } from './outbound-guard';

const STRICT = { allowPrivate: false };
const LAN = { allowPrivate: true };

describe('addressKind', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['2002:7f00:1::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.20', 'private'],
    ['100.64.0.1', 'private'],
    ['fd12:3456::1', 'private'],
    ['::ffff:10.0.0.1', 'private'],
    ['169.254.169.254', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['0.0.0.0', 'reserved'],
    ['::', 'reserved'],
    ['224.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['ff02::1', 'reserved'],
    ['not an address', 'reserved'],
  ])('%s is %s', (ip, kind) => {
    expect(addressKind(ip)).toBe(kind);
  });
});

describe('outboundUrlProblem', () => {
  it('accepts public http(s) URLs', () => {
    expect(outboundUrlProblem('https://radio.example.org/api/nowplaying/1', STRICT)).toBeNull();
    expect(outboundUrlProblem('http://8.8.8.8:8000/status-json.xsl', STRICT)).toBeNull();
    expect(outboundUrlProblem('http://[2606:4700:4700::1111]/stats?json=1', STRICT)).toBeNull();
  });

  it.each([
    'http://127.0.0.1:4899/a',
    'http://[::1]/a',
    'http://2130706433/a',
    'http://0x7f.1/a',
    'http://0177.0.0.1/a',
    'http://127.1/a',
    'http://localhost:8000/a',
    'http://LOCALHOST./a',
    'http://radio.localhost/a',
    'http://[::ffff:127.0.0.1]/a',
    'http://10.0.0.5/a',
    'http://192.168.1.10:8000/status-json.xsl',
    'http://icecast:8000/status-json.xsl',
    'http://station.internal/a',
  ])('refuses %s unless UPSTREAM_ALLOW_PRIVATE is on, saying how to allow it', (url) => {
    expect(outboundUrlProblem(url, STRICT)).toMatch(/UPSTREAM_ALLOW_PRIVATE=on/);
    expect(outboundUrlProblem(url, LAN)).toBeNull();
  });

  it.each([
    ['http://169.254.169.254/latest/meta-data/', /metadata/],
    ['http://metadata.google.internal/computeMetadata/v1/', /metadata/],
    ['http://[fd00:ec2::254]/', /metadata/],
    ['http://169.254.10.10/', /link-local/],
    ['http://[fe80::1]/', /link-local/],
    ['http://0.0.0.0:3000/', /reserved/],
    ['http://0/', /reserved/],
  ])('refuses %s always', (url, why) => {
    expect(outboundUrlProblem(url, STRICT)).toMatch(why);
    expect(outboundUrlProblem(url, LAN)).toMatch(why);
    expect(outboundUrlProblem(url, LAN)).not.toMatch(/UPSTREAM_ALLOW_PRIVATE/);
  });

  it('refuses other schemes and non-URLs; httpsOnly refuses http', () => {
    expect(outboundUrlProblem('file:///etc/passwd', LAN)).toMatch(/http/);
    expect(outboundUrlProblem('gopher://example.org/', LAN)).toMatch(/http/);
    expect(outboundUrlProblem('/relative/path', LAN)).toMatch(/full URL/);
    expect(outboundUrlProblem('http://push.example.org/x', { ...STRICT, httpsOnly: true })).toMatch(/https/);
    expect(outboundUrlProblem('https://push.example.org/x', { ...STRICT, httpsOnly: true })).toBeNull();
  });
});

describe('guardedLookup', () => {
  const lookup = (rules: typeof STRICT, host: string, all: boolean) =>
    new Promise<{ err: NodeJS.ErrnoException | null; result: unknown }>((resolve) => {
      guardedLookup(rules)(host, { all }, (err, address, family) => resolve({ err, result: all ? address : { address, family } }));
    });

  it('refuses a name that resolves to a forbidden address, and hands on only allowed ones', async () => {
    const refused = await lookup(STRICT, 'localhost', false);
    expect(refused.err).toBeInstanceOf(OutboundRefusedError);
    expect(refused.err?.message).toMatch(/UPSTREAM_ALLOW_PRIVATE=on/);
    const allowed = await lookup(LAN, 'localhost', true);
    expect(allowed.err).toBeNull();
    expect((allowed.result as dns.LookupAddress[]).length).toBeGreaterThan(0);
  });

  it('filters a mixed answer down to its public addresses (the address connected to is the one checked)', async () => {
    const spy = vi.spyOn(dns, 'lookup').mockImplementation(((_host: string, _opts: unknown, cb: (e: null, a: dns.LookupAddress[]) => void) =>
      cb(null, [
        { address: '169.254.169.254', family: 4 },
        { address: '93.184.215.14', family: 4 },
      ])) as unknown as typeof dns.lookup);
    try {
      const all = await lookup(LAN, 'rebind.example', true);
      expect(all.result).toEqual([{ address: '93.184.215.14', family: 4 }]);
      const one = await lookup(LAN, 'rebind.example', false);
      expect(one.result).toEqual({ address: '93.184.215.14', family: 4 });
    } finally {
      spy.mockRestore();
    }
  });
});

describe('guardedFetch', () => {
  let server: http.Server;
  let base = '';
  let asked = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      asked += 1;
      if (req.url === '/gzip') return res.writeHead(200, { 'Content-Encoding': 'gzip' }).end(gzipSync('{"ok":true}'));
      if (req.url === '/hang') return;
      if (req.url === '/odd') return res.writeHead(999).end('odd');
      if (req.url === '/moved') return res.writeHead(302, { Location: 'http://169.254.169.254/' }).end();
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => res.writeHead(200, { 'Content-Type': 'text/plain', 'X-Method': req.method ?? '' }).end(`${req.method} ${body}`));
    });
    base = await listenLocally(server);
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('asks nothing on this machine unless allowed, whatever the spelling', async () => {
    const port = new URL(base).port;
    asked = 0;
    for (const url of [`${base}/a`, `http://localhost:${port}/a`, `http://2130706433:${port}/a`, `http://[::ffff:127.0.0.1]:${port}/a`]) {
      await expect(guardedFetch(url, {}, STRICT), url).rejects.toBeInstanceOf(OutboundRefusedError);
    }
    expect(asked).toBe(0);
  });

  it('GETs and POSTs where allowed, and decodes a compressed answer as fetch does', async () => {
    const get = await guardedFetch(`${base}/a`, {}, LAN);
    expect(get.status).toBe(200);
    expect(await get.text()).toBe('GET ');
    const post = await guardedFetch(`${base}/a`, { method: 'POST', body: 'hello', headers: { 'Content-Type': 'text/plain' } }, LAN);
    expect(await post.text()).toBe('POST hello');
    expect(await (await guardedFetch(`${base}/gzip`, {}, LAN)).json()).toEqual({ ok: true });
  });

  it('answers a redirect as it is, never following it (the caller checks the next hop)', async () => {
    const res = await guardedFetch(`${base}/moved`, {}, LAN);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://169.254.169.254/');
  });

  it('rejects, rather than throwing out of band, an answer no Response can carry', async () => {
    await expect(guardedFetch(`${base}/odd`, {}, LAN)).rejects.toThrow();
  });

  it('times out', async () => {
    await expect(guardedFetch(`${base}/hang`, { timeoutMs: 100 }, LAN)).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});

describe('guardedFetchFollowing', () => {
  let base = '';
  let server: http.Server;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/moved') res.writeHead(302, { location: '/stream' }).end('moved');
      else if (req.url === '/to-metadata') res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      else if (req.url === '/loop') res.writeHead(302, { location: '/loop' }).end();
      else res.writeHead(200, { 'content-type': 'audio/mpeg' }).end('sound');
    });
    base = await listenLocally(server);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('follows redirects, checking every hop: a hop to the metadata address is refused, a loop ends after the hops allowed', async () => {
    const res = await guardedFetchFollowing(`${base}/moved`, {}, { allowPrivate: true });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('sound');
    await expect(guardedFetchFollowing(`${base}/to-metadata`, {}, { allowPrivate: true })).rejects.toBeInstanceOf(OutboundRefusedError);
    const loop = await guardedFetchFollowing(`${base}/loop`, {}, { allowPrivate: true }, 3);
    expect(loop.status).toBe(302);
  });

  it('makes a configured path absolute against the server, and answers empty for no URL', () => {
    expect(absoluteUrl('/demo/stream', 'http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000/demo/stream');
    expect(absoluteUrl('https://radio.example/live', 'http://127.0.0.1:3000')).toBe('https://radio.example/live');
    expect(absoluteUrl('/demo/stream', undefined)).toBe('');
    expect(absoluteUrl('', 'http://127.0.0.1:3000')).toBe('');
  });
});
