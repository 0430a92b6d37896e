import net from 'node:net';
import { expect, test, wav } from './fixtures';

// docs/uploads.md: a song uploaded from a phone that loses its connection twice arrives whole
// without starting over. The upload is slowed (Chromium's network emulation) so the
// connection can be cut mid-way, twice.

/** A 44.1 kHz stereo 16-bit WAV (1411 kbps) of about `bytes` bytes, not silent. */
function song(bytes: number): Buffer {
  const b = wav(44100, 2, 16, Math.floor((bytes - 44) / 4) / 44100);
  for (let i = 44; i < b.length; i += 101) b[i] = i & 0xff;
  return b;
}

/**
 * A proxy in front of the server that cuts the upload's connection when the file position
 * (the PATCH's Upload-Offset plus the bytes since) reaches each cut, once each, then refuses
 * every connection for deadMs: a dead zone.
 */
async function deadZoneProxy(target: URL, cuts: number[], deadMs: number) {
  let deadUntil = 0;
  let done = 0;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    if (Date.now() < deadUntil) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port), target.hostname);
    let base = 0;
    let since = 0;
    let patching = false;
    let inHead = false;
    client.on('data', (chunk: Buffer) => {
      const text = chunk.subarray(0, Math.min(chunk.length, 4096)).toString('latin1');
      if (/^[A-Z]+ \//.test(text)) {
        patching = text.startsWith('PATCH ');
        inHead = true;
        base = 0;
        since = 0;
      }
      // The head may come in more than one chunk: its Upload-Offset is read wherever it is.
      if (inHead) {
        const offset = /upload-offset: *(\d+)/i.exec(text);
        if (offset) base = Number(offset[1]);
        if (text.includes('\r\n\r\n')) inHead = false;
      }
      const next = cuts[done];
      if (patching && next !== undefined && base + since + chunk.length >= next) {
        upstream.end(chunk.subarray(0, Math.max(0, next - base - since)));
        done += 1;
        deadUntil = Date.now() + deadMs;
        // A dead zone drops every connection, kept-alive ones too.
        for (const socket of open) if (socket !== client) socket.destroy();
        client.destroy();
        return;
      }
      since += chunk.length;
      upstream.write(chunk);
    });
    upstream.on('data', (d) => client.write(d));
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', () => upstream.end());
    upstream.on('close', close);
    client.on('error', close);
    upstream.on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    cuts: () => done,
    close: () => {
      // The page's keep-alive connections would hold close() open.
      for (const socket of open) socket.destroy();
      return new Promise((r) => server.close(r));
    },
  };
}

test('an upload cut twice shows Paused, resumes by itself from the server\'s offset and arrives whole', async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const data = song(2_400_000);
  const proxy = await deadZoneProxy(new URL(baseURL!), [900_000, 1_700_000], 4_000);
  const patches: number[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH' && r.url().includes('/api/uploads/resumable/')) patches.push(Number(r.headers()['upload-offset']));
  });
  try {
    await page.goto(`${proxy.url}/artists/submit`);
    await page.getByLabel('Artist name').fill('E2E Dead Zone Singer');
    await page.getByLabel('Bio').fill('Recorded on a bus through the hills.');
    await page.getByLabel('Country', { exact: true }).selectOption('JM');
    await page.getByLabel('Track title').fill(`Dead Zone ${Date.now()}`);
    await page.getByLabel('Genre').selectOption('Reggae');
    await page.getByLabel('Audio file').setInputFiles({ name: 'dead-zone.wav', mimeType: 'audio/wav', buffer: data });
    const started = Date.now();
    await page.getByRole('button', { name: 'Submit Music' }).click();

    const progress = page.locator('.upload-progress');
    await expect(progress).toContainText('Paused — waiting for connection');
    await expect(page.getByTestId('submission-success')).toContainText('pending review', { timeout: 60_000 });
    console.log(`upload with two cuts took ${Math.round((Date.now() - started) / 1000)} s; PATCH offsets ${patches.join(', ')}`);
    expect(proxy.cuts()).toBe(2);
    // The first PATCH starts at 0; every one after a cut starts where the server left off.
    expect(patches[0]).toBe(0);
    const resumed = patches.slice(1);
    expect(resumed.length).toBeGreaterThanOrEqual(2);
    expect(resumed.every((offset) => offset > 0)).toBe(true);
    // After the second cut it resumed near 1.7 MB (the server keeps what reached its disk).
    expect(Math.max(...resumed)).toBeGreaterThan(1_400_000);
  } finally {
    await proxy.close();
  }
});
