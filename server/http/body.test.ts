import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testConfig } from '../test/test-app';
import { multipartBody } from './body';
import type { AppState, Deps } from './context';

// docs/uploads.md "Nothing leaks": no parse waits forever for a client that is gone.

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'radio-body-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('multipartBody', () => {
  it('answers a client that left while earlier middleware awaited, instead of waiting for bytes that never come', async () => {
    const deps = { config: testConfig(dir, 'unused') } as Deps;
    let outcome!: Promise<unknown>;
    let signalReached!: () => void;
    const reached = new Promise<void>((resolve) => (signalReached = resolve));
    const app = new Koa<AppState>();
    // The cut connection ends in an HTTP parse error, which Koa would print.
    app.silent = true;
    app.use(async (ctx, next) => {
      signalReached();
      // Earlier middleware (a database read, say) still busy when the client goes.
      if (!ctx.req.destroyed) await new Promise((r) => ctx.req.once('close', r));
      outcome = next();
      await outcome.catch(() => {});
    });
    app.use(multipartBody(deps, { fileField: 'file', maxBytes: 1_000_000, textFields: [] }));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const { port } = server.address() as AddressInfo;
      await new Promise<void>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(
            'POST /api/uploads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n' +
              '--b\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\n\r\n' +
              'x'.repeat(1_000),
          );
          void reached.then(() => socket.destroy());
        });
        socket.on('error', () => {});
        socket.on('close', () => resolve());
      });
      // The server hears the close in its own time (a busy machine): then the parse starts.
      for (let i = 0; i < 100 && !outcome; i++) await new Promise((r) => setTimeout(r, 50));
      const settled = await Promise.race([
        outcome.then(
          () => 'resolved',
          (err: Error) => err.message,
        ),
        new Promise((r) => setTimeout(() => r('still waiting'), 3000)),
      ]);
      expect(settled).toBe('Upload was interrupted');
    } finally {
      server.close();
    }
  });
});
