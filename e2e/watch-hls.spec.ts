import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Request } from '@playwright/test';
import { changeSettings, expect, test } from './fixtures';

/**
 * A short HLS stream (two renditions, 2 s segments) made by the machine's ffmpeg into a temp
 * dir and served by a plain node:http server on another origin, as a video host would
 * (with CORS, which hls.js needs).
 */
async function hlsServer() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-hls-'));
  for (const [name, size, kbps] of [
    ['low', '320x180', '200k'],
    ['high', '640x360', '600k'],
  ] as const) {
    execFileSync('ffmpeg', [
      '-hide_banner', '-loglevel', 'error',
      '-f', 'lavfi', '-i', `testsrc=size=${size}:rate=25:duration=12`,
      '-f', 'lavfi', '-i', 'sine=frequency=440:duration=12',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', kbps, '-g', '50', '-pix_fmt', 'yuv420p',
      '-c:a', 'aac', '-b:a', '64k', '-shortest',
      '-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod', '-hls_segment_filename', path.join(dir, `${name}-%03d.ts`),
      path.join(dir, `${name}.m3u8`),
    ]);
  }
  fs.writeFileSync(
    path.join(dir, 'index.m3u8'),
    '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=300000,RESOLUTION=320x180\nlow.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=700000,RESOLUTION=640x360\nhigh.m3u8\n',
  );
  const served: string[] = [];
  const server = http.createServer((req, res) => {
    const name = path.basename(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.join(dir, name);
    res.setHeader('Access-Control-Allow-Origin', '*');
    // The suite adds X-Forwarded-For to every request (fixtures), which makes a preflight.
    res.setHeader('Access-Control-Allow-Headers', '*');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    if (!fs.existsSync(file)) return res.writeHead(404).end();
    served.push(name);
    res.writeHead(200, { 'Content-Type': name.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t' });
    fs.createReadStream(file).pipe(res);
  });
  // Any free port: another origin is all the test needs, and workers run side by side.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/index.m3u8`,
    origin: `http://127.0.0.1:${port}`,
    served,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const isHlsChunk = (r: Request) => /\/assets\/hls[^/]*\.js$/.test(new URL(r.url()).pathname);

test('the HLS stream set in vdoPanelHls plays on /watch in a native video with hls.js, loaded on /watch only', async ({ page, request }) => {
  test.setTimeout(60_000); // ffmpeg makes the stream first
  const hls = await hlsServer();
  const restore = await changeSettings(request, { vdoPanelHls: hls.url, vdoPanelIframe: 'https://panel.example/live' });
  try {
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Now playing' })).toBeVisible();
    expect(requests.filter(isHlsChunk)).toEqual([]);

    const answer = await page.goto('/watch');
    // The policy lets the configured origin, and only it, be fetched from.
    expect(answer!.headers()['content-security-policy']).toContain(`connect-src 'self' ${hls.origin}`);
    const video = page.getByTestId('hls-video');
    await expect(video).toBeVisible();
    await expect(page.getByTitle('Live video')).toHaveCount(0); // the iframe panel gives way
    await expect.poll(() => requests.filter(isHlsChunk).length).toBe(1);
    // Nothing but the master playlist before the viewer presses play.
    await expect.poll(() => hls.served).toEqual(['index.m3u8']);

    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      void v.play();
    });
    // Its position advances.
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(1.5);
    expect(hls.served.some((n) => n.endsWith('.ts'))).toBe(true);
    await expect(page.getByRole('alert')).toHaveCount(0);
  } finally {
    await restore();
    await hls.close();
  }
});

test('Low Data Mode keeps the HLS video off and loads nothing of it', async ({ page, request }) => {
  const hls = await hlsServer();
  const restore = await changeSettings(request, { vdoPanelHls: hls.url });
  try {
    await page.addInitScript(() => localStorage.setItem('lowDataMode', 'true'));
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    await page.goto('/watch');
    await expect(page.getByText('Video is off in Low Data Mode.')).toBeVisible();
    await expect(page.getByTestId('hls-video')).toHaveCount(0);
    expect(requests.filter(isHlsChunk)).toEqual([]);
    expect(hls.served).toEqual([]);
  } finally {
    await restore();
    await hls.close();
  }
});
