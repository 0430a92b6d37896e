import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { LiveMp3Stream, silentCycle } from '../server/features/demo-stream/demo-stream.mp3';
import { ADMIN_KEY, caribbean, expect, test } from './fixtures';

/** A live MP3 mount on 127.0.0.1 that the test can cut (drop every listener, refuse new ones) and restore. */
class CuttableStream {
  private server: http.Server | null = null;
  private sockets = new Set<Socket>();
  port = 0;

  async start(port = 0): Promise<void> {
    this.server = http.createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'audio/mpeg', 'Cache-Control': 'no-store' });
      const live = new LiveMp3Stream(silentCycle());
      live.pipe(res);
      res.on('close', () => live.destroy());
    });
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve());
  }

  async restore(): Promise<void> {
    await this.start(this.port);
  }
}

test('the stream comes back by itself after the network is cut and restored', async ({ page, request }) => {
  const stream = new CuttableStream();
  await stream.start();
  const headers = { 'x-admin-key': ADMIN_KEY };
  const current = await (await request.get(caribbean('/api/settings'), { headers })).json();
  const { tenant: _t, ...settings } = current;
  const put = await request.put(caribbean('/api/settings'), {
    headers,
    data: { ...settings, streamUrl: `http://127.0.0.1:${stream.port}/live` },
  });
  expect(put.status()).toBe(200);
  try {
    await page.goto(caribbean('/'));
    const bar = page.getByRole('region', { name: 'Now playing' });
    await bar.getByRole('button', { name: 'Play', exact: true }).click();
    await expect(bar).toHaveAttribute('data-status', 'playing', { timeout: 15_000 });

    // The lock screen shows what the bar shows (Media Session).
    const title = await bar.getByTestId('np-title').textContent();
    await expect
      .poll(() => page.evaluate(() => [navigator.mediaSession.metadata?.title, navigator.mediaSession.playbackState]))
      .toEqual([title, 'playing']);

    await stream.cut();
    await expect(bar.getByText('Reconnecting…')).toBeVisible({ timeout: 20_000 });

    await stream.restore();
    // No click: the engine's backoff finds the stream again.
    await expect(bar).toHaveAttribute('data-status', 'playing', { timeout: 25_000 });
    await expect(bar.getByText('Reconnecting…')).toBeHidden();
  } finally {
    await request.put(caribbean('/api/settings'), { headers, data: settings });
    await stream.cut();
  }
});
