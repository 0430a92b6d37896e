import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { LiveMp3Stream, silentCycle } from '../features/demo-stream/demo-stream.mp3';

/**
 * A live MP3 mount on 127.0.0.1 that a test can cut (drop every listener, refuse new ones) and
 * restore on the same port: the player's reconnects (e2e/player.spec.ts) and the live relay's
 * source dropping (server/features/live/live.test.ts).
 */
export class CuttableStream {
  private server: http.Server | null = null;
  private sockets = new Set<Socket>();
  port = 0;

  async start(port = 0): Promise<void> {
    this.server = http.createServer((_req, res) => {
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
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  async restore(): Promise<void> {
    await this.start(this.port);
  }
}
