// Issue 7, the repeat-visit figures of `npm run bench` (bench/run.mjs): a second load with the
// service worker in control, what still reaches the network and the server's own log.
import { bounded } from './lib/compiled-server.mjs';

export async function repeatVisit(base, serverLog, { chrome, chromeFlags, row, notes }) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chrome, args: chromeFlags, timeout: 30_000 });
  try {
    const context = await browser.newContext({ serviceWorkers: 'allow' });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(base + '/', { waitUntil: 'load' });
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
      }
    });
    // Let the worker finish precaching and the first page's requests settle. (Never quite
    // 'networkidle': the now-playing stream stays open by design.)
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
    await page.waitForTimeout(1500);

    const seen = [];
    const onResponse = (response) => seen.push(response);
    context.on('response', onResponse);
    const logFrom = serverLog.length;
    await page.reload({ waitUntil: 'load' });
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
    await page.waitForTimeout(2000);
    context.off('response', onResponse);
    // The server's request lines name the route, never the raw path (server/http/request-log.ts):
    // the app's files are '(app)'.
    const reached = serverLog.slice(logFrom).filter((l) => typeof l.route === 'string' && l.method).map((l) => ({ ...l, path: l.route }));

    let shellBytes = 0;
    const shellFromNetwork = [];
    const api = [];
    for (const response of seen) {
      if (response.fromServiceWorker()) continue; // answered by the worker, no network
      const req = response.request();
      const u = new URL(response.url());
      if (u.origin !== base) continue;
      // The now-playing stream never ends (its sizes() would wait for ever); its bytes are
      // the Listening figure's.
      if ((response.headers()['content-type'] ?? '').startsWith('text/event-stream')) {
        api.push({ path: u.pathname + u.search, status: 'stream', bytes: 0, by: 'page' });
        continue;
      }
      const sizes = await bounded(req.sizes(), 5_000, `sizes of ${u.pathname}`).catch(() => ({ responseBodySize: 0, responseHeadersSize: 0 }));
      const bytes = sizes.responseBodySize + sizes.responseHeadersSize;
      const by = req.serviceWorker() ? 'worker' : 'page';
      if (u.pathname.startsWith('/api/')) api.push({ path: u.pathname + u.search, status: response.status(), bytes, by });
      else {
        shellBytes += bytes;
        shellFromNetwork.push(`${u.pathname} ${response.status()} ${bytes} B (${by})`);
      }
    }
    row('Repeat visit: shell bytes from the network', '0 B', `${shellBytes} B${shellFromNetwork.length ? ` (${shellFromNetwork.join('; ')})` : ''}`, shellBytes === 0);
    const count = (s) => api.filter((a) => a.status === s).length;
    const apiBytes = api.reduce((n, a) => n + a.bytes, 0);
    row('Repeat visit: API requests on the network', 'mostly 304', `${api.length} requests: ${count(304)}×304, ${count(200)}×200, ${count('stream')} now-playing stream, ${api.length - count(304) - count(200) - count('stream')} other; ${apiBytes} B`, null);
    notes.push(`Repeat visit API requests: ${api.map((a) => `${a.path} → ${a.status} ${a.bytes} B (${a.by})`).join('; ') || 'none'}`);
    // The server's own request log is the ground truth: Chromium reports a revalidated
    // answer (304 on the wire) with the cached answer's status 200.
    const apiReached = reached.filter((l) => l.path.startsWith('/api/'));
    const shellReached = reached.filter((l) => !l.path.startsWith('/api/'));
    const wire = (s) => apiReached.filter((l) => l.status === s).length;
    row(
      'Repeat visit: requests reaching the server (its log)',
      'no shell; API mostly 304',
      `${shellReached.length} non-API (${shellReached.map((l) => `${l.path} ${l.status}`).join(', ') || 'none'}); ${apiReached.length} API: ${wire(304)}×304, ${wire(200)}×200, ${apiReached.length - wire(304) - wire(200)} other`,
      null,
    );
    notes.push(`Repeat visit, server log: ${reached.map((l) => `${l.method} ${l.path} ${l.status}`).join('; ') || 'nothing'}`);
  } finally {
    await browser.close();
  }
}
