// The floor of a repeat visit (issue 43): the least a page can be and still start the stream on
// a tap, kept by its own service worker, measured by the same harness as our `/` in the same
// run (bench/later-plays.mjs). One heading and a Listen Live button; the service worker
// precaches the page and answers its navigation from that cache; the tap runs our page's own
// first-tap script (taken from the served `/`, so the stream starts as ours does: fed through
// Media Source Extensions), and the stream is ours, passed through on the floor's own origin.
// What the floor spends is the browser's and the harness's, not our page's
// (docs/performance.md, "Time to first sound").
import http from 'node:http';

/** The first inline classic script of our served `/`: the first-tap script (app/lib/player/first-tap). */
export async function firstTapScript(base) {
  const html = await (await fetch(`${base}/`)).text();
  const script = html.match(/<script>([\s\S]*?)<\/script>/)?.[1];
  if (!script || !script.includes('__firstTap')) throw new Error(`no first-tap script in ${base}/`);
  return script;
}

const WORKER = `
self.addEventListener('install', (e) => { self.skipWaiting(); e.waitUntil(caches.open('floor').then((c) => c.add('/'))); });
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (e) => {
  if (e.request.mode === 'navigate') e.respondWith(caches.match('/').then((r) => r || fetch(e.request)));
});
`;

const page = (script) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Floor station</title>
    <script>${script}</script>
    <style>body{margin:0;font-family:system-ui,sans-serif}main{padding:1rem}.hero-play{font:inherit;padding:.75rem 1.5rem}</style>
  </head>
  <body>
    <main>
      <h1>Floor station</h1>
      <button type="button" class="hero-play" data-stream="/demo/stream">Listen Live</button>
    </main>
    <script>navigator.serviceWorker && navigator.serviceWorker.register('/sw.js');</script>
  </body>
</html>
`;

/** Serves the floor station on 127.0.0.1 (its page, its worker, and `base`'s `/demo/stream` passed through). */
export async function serveRepeatFloor(base) {
  const html = page(await firstTapScript(base));
  const sockets = new Set();
  const server = http.createServer((req, res) => {
    if (req.url === '/sw.js') {
      res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-cache' });
      return res.end(WORKER);
    }
    if (req.url.startsWith('/demo/stream')) {
      const upstream = http.get(`${base}${req.url}`, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      res.on('close', () => upstream.destroy());
      return;
    }
    if (req.url !== '/') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    res.end(html);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    stop: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
