import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';

/**
 * A real station for the live relay's tests (docs/live-relay.md): Debian's icecast2 on
 * 127.0.0.1 with its own config in a temporary folder, fed by ffmpeg with a tone whose pitch
 * tells the second it was made: 300 Hz + 10 Hz × (second mod 100), so a listener's position
 * can be read from what it hears.
 */
export const TONE_BASE_HZ = 300;
export const TONE_STEP_HZ = 10;
export const TONE_PERIOD_S = 100;

export interface LiveStation {
  url: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startLiveStation(kbps = 64): Promise<LiveStation> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'live-station-'));
  // Icecast refuses to run as root unless it changes to another user; its logs must be theirs to write.
  fs.chmodSync(dir, 0o777);
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  fs.writeFileSync(
    path.join(dir, 'icecast.xml'),
    `<icecast>
  <limits><clients>50</clients><sources>2</sources><queue-size>524288</queue-size><client-timeout>30</client-timeout><header-timeout>15</header-timeout><source-timeout>10</source-timeout><burst-on-connect>1</burst-on-connect><burst-size>16000</burst-size></limits>
  <authentication><source-password>relay-test</source-password><admin-user>admin</admin-user><admin-password>relay-test</admin-password></authentication>
  <hostname>127.0.0.1</hostname>
  <listen-socket><port>${port}</port><bind-address>127.0.0.1</bind-address></listen-socket>
  <fileserve>0</fileserve>
  <paths><basedir>/usr/share/icecast2</basedir><logdir>${dir}</logdir><webroot>/usr/share/icecast2/web</webroot><adminroot>/usr/share/icecast2/admin</adminroot></paths>
  <logging><accesslog>access.log</accesslog><errorlog>error.log</errorlog><loglevel>2</loglevel></logging>
  <security><chroot>0</chroot>${asRoot ? '<changeowner><user>nobody</user><group>nogroup</group></changeowner>' : ''}</security>
</icecast>`,
  );
  const children: ChildProcess[] = [];
  const icecast = spawn('icecast2', ['-c', path.join(dir, 'icecast.xml')], { stdio: 'ignore' });
  children.push(icecast);
  await waitForPort(port);
  // The comma inside mod() is escaped: lavfi would take it for the end of the filter.
  const tone = `sin(2*PI*(${TONE_BASE_HZ}+${TONE_STEP_HZ}*mod(floor(t)\\,${TONE_PERIOD_S}))*t)*0.5`;
  const source = spawn(
    ffmpeg.path,
    ['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', `aevalsrc=${tone}:s=44100`, '-c:a', 'libmp3lame', '-b:a', `${kbps}k`, '-ac', '1', '-content_type', 'audio/mpeg', '-f', 'mp3', `icecast://source:relay-test@127.0.0.1:${port}/live`],
    { stdio: 'ignore' },
  );
  children.push(source);
  const url = `http://127.0.0.1:${port}/live`;
  // The mount exists once the source is connected.
  const end = Date.now() + 15_000;
  for (;;) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) })
      .then(async (res) => {
        await res.body?.cancel();
        return res.ok;
      })
      .catch(() => false);
    if (ok) break;
    if (Date.now() > end) throw new Error('the icecast mount did not come up');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    async stop() {
      for (const child of children.reverse()) {
        if (child.exitCode !== null) continue;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 3_000))]);
        child.kill('SIGKILL');
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number): Promise<void> {
  const end = Date.now() + 10_000;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.destroy();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > end) throw new Error(`icecast2 did not listen on ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
