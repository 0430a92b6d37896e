import { CuttableStream } from '../server/test/cuttable-stream';
import { ADMIN_KEY, caribbean, expect, test } from './fixtures';

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
