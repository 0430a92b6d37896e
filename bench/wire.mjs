// What a first visit really costs (issue 29), counted at the wire: a byte-counting TCP proxy in
// front of the server, and Chromium (a fresh profile, 375×740) loading `/` through it. Every
// byte the server sends counts: status lines, headers, the rendered page with its inline styles
// and data, every script, style and image, compressed as the browser asked (Chromium asks for
// brotli from 127.0.0.1, a secure context, as it does over HTTPS). Two figures:
// - the first visit: `/` and what it asked for before its load event, the app's own scripts
//   included, no service worker (the page a listener waits for);
// - the settled first visit: the same with the service worker allowed, until it has installed
//   and precached the app and the network has been quiet for 2 s (what a first visit costs in
//   all). Used by `npm run bench` and by CI's size check (scripts/check-size-budget.mjs).
import net from 'node:net';

// 130 KB, issue 7's budget: raised to 131 KB on 2026-11-28, when round four's chat, requests
// and listening report hooked into the radio page, the player and the footer (130.5 KB), and
// won back on 2026-12-06 (129.1 KB: the framework chunk without the admin-only parts of
// TanStack Query, the inline styles without the Pico parts only some screens use; see
// docs/performance.md, "The first visit at the wire").
export const FIRST_VISIT_WIRE_BUDGET = 130 * 1024;
export const SETTLED_VISIT_WIRE_BUDGET = 350 * 1024;

/** A TCP proxy on 127.0.0.1 to `target` (http://host:port) counting the bytes each way. */
export async function countingProxy(target) {
  const { hostname, port } = new URL(target);
  const sockets = new Set();
  // `log`: each chunk from the server and each request line from the browser, in the proxy's
  // own order, with its connection: HTTP/1.1 answers a connection's requests in turn, so each
  // chunk from the server belongs to the last request made on its connection.
  const counts = { down: 0, up: 0, last: Date.now(), log: [] };
  let connections = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    const connection = (connections += 1);
    sockets.add(client).add(upstream);
    client.on('data', (d) => {
      counts.up += d.length;
      const line = /^[A-Z]+ (\S+) HTTP\/1\.1\r\n/.exec(d.toString('latin1', 0, 2048));
      if (line) counts.log.push({ connection, request: line[1] });
    });
    upstream.on('data', (d) => {
      counts.down += d.length;
      counts.last = Date.now();
      counts.log.push({ connection, bytes: d.length });
    });
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    counts,
    reset() {
      counts.down = 0;
      counts.up = 0;
      counts.last = Date.now();
      counts.log = [];
    },
    /**
     * The answers to `own` (paths with their queries, one entry per request), to the byte: each
     * the first request of its path and query, none other. Until issue 43's start after the first
     * frame it counted every byte until the first request beyond `own`; the browser's own requests
     * (the tab icon, which Resource Timing does not list) now come at `DOMContentLoaded`, before the
     * app's scripts have arrived on a loaded host, and cut the count there (bench/HISTORY.md,
     * fourteenth session).
     */
    downBefore(own) {
      const left = [...own];
      const counting = new Map();
      let bytes = 0;
      for (const e of counts.log) {
        if (e.bytes !== undefined) {
          if (counting.get(e.connection)) bytes += e.bytes;
        } else {
          const i = left.indexOf(e.request);
          counting.set(e.connection, i >= 0);
          if (i >= 0) left.splice(i, 1);
        }
      }
      return bytes;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * Both figures for `base` (the server's own address): bytes from the server, with what each
 * response was (path, status, bytes as Chromium counts them) for the report.
 */
export async function firstVisitOnTheWire({ base, chrome, chromeFlags, path = '/' }) {
  const { chromium } = await import('playwright-core');
  // The page asked once beforehand, past the proxy: a render that passes its data wait
  // (server/http/page-render.ts) answers the shell, as a server's first renders did while they
  // loaded the route's chunks cold (the server loads them at start since the fifteenth session,
  // but a first render on a loaded host is still the slowest); the figure is the rendered page's
  // (bench/HISTORY.md, fourteenth and fifteenth sessions).
  await fetch(new URL(path, base), { signal: AbortSignal.timeout(30_000) })
    .then((res) => res.arrayBuffer())
    .catch(() => {});
  const proxy = await countingProxy(base);
  const browser = await chromium.launch({ executablePath: chrome, args: chromeFlags, timeout: 30_000 });
  try {
    const visit = async (serviceWorkers) => {
      const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, serviceWorkers });
      const page = await context.newPage();
      page.setDefaultTimeout(60_000);
      const parts = [];
      const pending = [];
      context.on('requestfinished', (request) => {
        pending.push(
          request
            .sizes()
            .then((sizes) => {
              const u = new URL(request.url());
              parts.push({
                path: u.pathname,
                search: u.search,
                type: request.resourceType(),
                bytes: sizes.responseBodySize + sizes.responseHeadersSize,
                sw: Boolean(request.serviceWorker()),
              });
            })
            .catch(() => {}),
        );
      });
      proxy.reset();
      await page.goto(proxy.url + path, { waitUntil: 'load' });
      // The app's own scripts count too: a page the server rendered fetches them as modulepreloads
      // (run by the page's start script once it has painted, app/lib/start-after-paint/), which do
      // not hold the load event. The first visit is the server's answers to what the page asked
      // for before its load event (those scripts included), each once: what the app fetches once
      // it runs, after the load event, is not counted.
      const first = await page.evaluate(async () => {
        const scripts = [...document.querySelectorAll('link[rel=modulepreload]')].map((l) => l.href);
        const arrived = () => scripts.filter((href) => performance.getEntriesByName(href).some((e) => e.responseEnd > 0));
        while (arrived().length < scripts.length) await new Promise((resolve) => setTimeout(resolve, 50));
        const nav = performance.getEntriesByType('navigation')[0];
        const own = performance.getEntriesByType('resource').filter((e) => e.startTime < nav.loadEventStart);
        return [nav.name, ...own.map((e) => e.name)].map((name) => {
          const u = new URL(name);
          return u.pathname + u.search;
        });
      });
      // What the app asks for at once once it runs reaches the proxy within a moment.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const atLoad = proxy.downBefore(first);
      let settled = null;
      if (serviceWorkers === 'allow') {
        // The worker installs and precaches after the page has loaded; then a quiet network.
        await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          if (registration.active?.state !== 'activated') await new Promise((resolve) => registration.active?.addEventListener('statechange', resolve));
        });
        const end = Date.now() + 60_000;
        while (Date.now() - proxy.counts.last < 2_000 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 200));
        settled = proxy.counts.down;
      }
      await Promise.all(pending);
      // Each of the page's own requests, once: a URL asked again later (the icon) is not.
      const own = [...first];
      for (const part of parts) {
        const i = own.indexOf(part.path + part.search);
        part.beforeLoad = i >= 0;
        if (i >= 0) own.splice(i, 1);
      }
      await context.close();
      return { atLoad, settled, parts };
    };
    const first = await visit('block');
    const all = await visit('allow');
    return { firstVisit: first.atLoad, firstParts: first.parts, settledVisit: all.settled, settledParts: all.parts };
  } finally {
    await browser.close();
    await proxy.close();
  }
}

/** The first visit's bytes by kind: the page itself, scripts, styles, images, data. */
export function byKind(parts) {
  const kinds = {};
  for (const p of parts) kinds[p.type] = (kinds[p.type] ?? 0) + p.bytes;
  return kinds;
}

// `node bench/wire.mjs [path]`: this step alone, on the compiled server (dist/) with the demo
// data, each response of the first visit listed (bytes, before or after the load event).
if (process.argv[1] && (await import('node:url')).fileURLToPath(import.meta.url) === (await import('node:path')).resolve(process.argv[1])) {
  const fs = await import('node:fs');
  const path = await import('node:path');
  const { startCompiledServer } = await import('./lib/compiled-server.mjs');
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
  const chromeFlags = ['--headless=new', ...JSON.parse(fs.readFileSync(path.join(root, 'e2e', 'chromium-args.json'), 'utf8'))];
  const server = await startCompiledServer({ root, tmpPrefix: 'radio-wire-', database: 'wire.sqlite3', env: { DEMO_DATA: 'on' }, what: 'server' });
  server.child.stdout.resume();
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  try {
    const r = await firstVisitOnTheWire({ base: server.url, chrome, chromeFlags, path: process.argv[2] || '/' });
    for (const p of r.firstParts) console.log(`  ${p.beforeLoad ? 'before load' : 'after load '} ${String(p.bytes).padStart(7)} B  ${p.type.padEnd(10)} ${p.path}`);
    const kinds = Object.entries(byKind(r.firstParts.filter((p) => p.beforeLoad))).map(([k, n]) => `${k} ${kb(n)}`);
    console.log(`First visit at the wire (until load): ${kb(r.firstVisit)} (${kinds.join(', ')}; budget ${kb(FIRST_VISIT_WIRE_BUDGET)})`);
    if (process.env.WIRE_SETTLED) for (const p of r.settledParts) console.log(`  ${p.sw ? 'worker' : 'page  '} ${String(p.bytes).padStart(7)} B  ${p.type.padEnd(10)} ${p.path}`);
    console.log(`Settled first visit at the wire: ${kb(r.settledVisit)} (budget ${kb(SETTLED_VISIT_WIRE_BUDGET)})`);
  } finally {
    await server.stop();
  }
}
