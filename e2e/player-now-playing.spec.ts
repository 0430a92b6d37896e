import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { changeSettings, expect, test } from './fixtures';

/** An Icecast status-json.xsl on 127.0.0.1 whose song the test changes. */
async function icecastUpstream() {
  let title = 'Kes - Hello';
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ icestats: { source: { title, listeners: 7, server_name: 'E2E' } } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/status-json.xsl?run=${Date.now()}`,
    play(next: string) {
      title = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test("the radio page's title follows the upstream without a reload, pushed over one gzipped event stream", async ({ page, request }) => {
  // The server asks the upstream at most every 10 s and pushes a new answer to the stream at once.
  test.setTimeout(60_000);
  const upstream = await icecastUpstream();
  const restore = await changeSettings(request, { npJsonUrl: upstream.url });
  try {
    const streams: { encoding: string | undefined; type: string | undefined; lastEventId: string | null }[] = [];
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.pathname !== '/api/np/events') return;
      streams.push({ encoding: res.headers()['content-encoding'], type: res.headers()['content-type'], lastEventId: url.searchParams.get('lastEventId') });
    });
    let npGets = 0;
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/np') npGets += 1;
    });

    await page.goto('/');
    const onAir = page.getByTestId('on-air-title');
    const bar = page.getByRole('region', { name: 'Now playing' });
    await expect(onAir).toHaveText('Hello', { timeout: 15_000 });
    await expect(bar.getByTestId('np-title')).toHaveText('Hello');
    await expect.poll(() => streams.length).toBe(1);
    // Opened after the first GET, naming its ETag, so the answer is not sent twice.
    expect(streams[0]).toEqual({ encoding: 'gzip', type: 'text/event-stream', lastEventId: expect.stringMatching(/^W\/"/) });
    const getsBefore = npGets;

    upstream.play('Machel Montano - Like Ah Boss');
    await expect(onAir).toHaveText('Like Ah Boss', { timeout: 30_000 });
    await expect(bar.getByTestId('np-title')).toHaveText('Like Ah Boss');
    await expect(bar.getByTestId('np-artist')).toHaveText('Machel Montano');
    // The song that ended is in Recently Played, from the same event.
    await expect(page.locator('.recent-list li').first()).toContainText('Hello');
    // Pushed, not polled: no new GET /api/np, and still the one stream.
    expect(npGets).toBe(getsBefore);
    expect(streams).toHaveLength(1);
  } finally {
    await restore();
    await upstream.close();
  }
});

test("every server-rendered page comes with the song on air: the bar shows it before any script, and the app opens the stream without a GET /api/np", async ({ page, request }) => {
  test.setTimeout(60_000);
  const upstream = await icecastUpstream();
  const restore = await changeSettings(request, { npJsonUrl: upstream.url });
  try {
    // Before any script: the page's own markup.
    const html = await (await request.get('/events')).text();
    expect(html).toMatch(/data-testid="np-title"[^>]*>Hello</);

    let npGets = 0;
    const streams: (string | null)[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname === '/api/np') npGets += 1;
      if (url.pathname === '/api/np/events') streams.push(url.searchParams.get('lastEventId'));
    });
    await page.goto('/events');
    await expect(page.getByRole('region', { name: 'Now playing' }).getByTestId('np-title')).toHaveText('Hello');
    await expect.poll(() => streams.length).toBe(1);
    // The stream starts from the answer the page came with: not sent again, not asked for first.
    expect(streams[0]).toMatch(/^W\/"/);
    expect(npGets).toBe(0);
  } finally {
    await restore();
    await upstream.close();
  }
});
