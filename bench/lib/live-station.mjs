// A real station for the live relay (issue 34, docs/live-relay.md), shared by its end-to-end
// test (e2e/live-relay.spec.ts) and its bench (bench/live-relay.mjs): Debian's icecast2 on
// 127.0.0.1 with its own config in a temporary folder, fed by ffmpeg with a tone whose pitch
// tells the second it was made: 300 Hz + 10 Hz × (second mod 100). A listener's position is
// then read from what it hears (listenToPage below, run in the page).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';

export const TONE_BASE_HZ = 300;
export const TONE_STEP_HZ = 10;
export const TONE_PERIOD_S = 100;

async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(() => resolve()));
  return port;
}

/** The last few hundred characters a child wrote to stderr, on one line: what it said before it failed. */
function stderrTail(child) {
  let text = '';
  child.stderr?.on('data', (chunk) => {
    text = (text + chunk).slice(-400);
  });
  return () => text.trim().replace(/\s+/g, ' ') || 'nothing';
}

/**
 * Until our icecast answers on its port. Another process can take the port between freePort()
 * closing it and icecast binding it (a busy test run opens ports all the time): icecast then
 * exits, or something else answers, and the caller starts again on a new port.
 */
async function waitForIcecast(port, icecast, said) {
  const end = Date.now() + 8_000;
  for (;;) {
    if (icecast.exitCode !== null || icecast.signalCode !== null) throw new Error(`icecast2 exited (${icecast.exitCode ?? icecast.signalCode}) on port ${port}: ${said()}`);
    const server = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2_000) })
      .then(async (res) => {
        await res.body?.cancel();
        return res.headers.get('server') ?? 'no Server header';
      })
      .catch(() => null);
    if (server?.startsWith('Icecast')) return;
    if (server) throw new Error(`port ${port} is answered by another server (${server})`);
    if (Date.now() > end) throw new Error(`icecast2 did not listen on ${port}: ${said()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts icecast2 and the tone at `kbps` (MP3); answers the mount's URL, stop(), and
 * stopSource()/restartSource() to drop the source mid-stream. With `bed`, the tone plays over a
 * quiet pink-noise bed: a pure sine is the AAC encoder's worst case (its quantiser loops on it;
 * docs/live-relay.md, "CPU"), a station's speech and music are not, and the tone stays the
 * loudest pitch, so the position is still told by it.
 *
 * A station that does not come up is stopped and started again on a new port, three times at
 * most (CI saw one whose source was refused 48 times in 15 s); the error says what each try saw.
 */
export async function startLiveStation(kbps = 64, channels = 1, { bed = false } = {}) {
  const failures = [];
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    try {
      return await startStationOnce(kbps, channels, bed);
    } catch (err) {
      failures.push(`try ${attempt}: ${err.message}`);
    }
  }
  throw new Error(`the live station did not come up (${failures.join('; ')})`);
}

async function startStationOnce(kbps, channels, bed) {
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
  const children = [];
  const icecast = spawn('icecast2', ['-c', path.join(dir, 'icecast.xml')], { stdio: ['ignore', 'ignore', 'pipe'] });
  children.push(icecast);
  const icecastSaid = stderrTail(icecast);
  const end = async (child) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 3_000))]);
    child.kill('SIGKILL');
  };
  const stop = async () => {
    for (const child of children.reverse()) await end(child);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForIcecast(port, icecast, icecastSaid);
  } catch (err) {
    await stop();
    throw err;
  }
  // The comma inside mod() is escaped: lavfi would take it for the end of the filter.
  const tone = `sin(2*PI*(${TONE_BASE_HZ}+${TONE_STEP_HZ}*mod(floor(t)\\,${TONE_PERIOD_S}))*t)*0.5`;
  let source = null;
  let sourceSaid = () => 'nothing';
  const startSource = () => {
    source = spawn(
      ffmpeg.path,
      [
        '-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', `aevalsrc=${tone}:s=44100`,
        ...(bed ? ['-f', 'lavfi', '-i', 'anoisesrc=c=pink:a=0.08:r=44100', '-filter_complex', '[0:a][1:a]amix=inputs=2:duration=first,volume=2'] : []),
        '-c:a', 'libmp3lame', '-b:a', `${kbps}k`, '-ac', String(channels), '-content_type', 'audio/mpeg', '-f', 'mp3', `icecast://source:relay-test@127.0.0.1:${port}/live`,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    sourceSaid = stderrTail(source);
    children.push(source);
  };
  startSource();
  const url = `http://127.0.0.1:${port}/live`;
  const mountUp = async () => {
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) })
      .then(async (res) => {
        await res.body?.cancel();
        return res.ok;
      })
      .catch(() => false);
    return ok;
  };
  // The source dropping mid-show (the station's encoder going away) and coming back: icecast
  // ends its listeners' connections and answers 404 until the source is back.
  const stopSource = async () => {
    if (source) await end(source);
    const until = Date.now() + 10_000;
    while ((await mountUp()) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  };
  const restartSource = async () => {
    startSource();
    const until = Date.now() + 15_000;
    while (!(await mountUp())) {
      if (Date.now() > until) throw new Error('the icecast mount did not come back');
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  // The mount exists once the source is connected; a station that never comes up is not left
  // running. ffmpeg does not retry a source connection icecast refused while it was still
  // starting (its port open before it takes sources, on a loaded host): a source that has
  // exited is started again, and a failure says what each side said.
  const deadline = Date.now() + 12_000;
  let sourceStarts = 1;
  for (;;) {
    if (await mountUp()) break;
    if (Date.now() > deadline) {
      const logged = (() => {
        try {
          return fs.readFileSync(path.join(dir, 'error.log'), 'utf8').trim().split('\n').slice(-5).join(' | ') || 'nothing';
        } catch {
          return 'no error log';
        }
      })();
      const running = icecast.exitCode === null && icecast.signalCode === null ? 'running' : `exited ${icecast.exitCode ?? icecast.signalCode}`;
      await stop();
      throw new Error(
        `the icecast mount did not come up on port ${port} (ffmpeg started ${sourceStarts} times, last exit ${source?.exitCode ?? 'none'}, said: ${sourceSaid()}; icecast ${running}, said: ${icecastSaid()}, logged: ${logged})`,
      );
    }
    if (source && source.exitCode !== null) {
      startSource();
      sourceStarts += 1;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, stop, stopSource, restartSource };
}

/**
 * Run in the page before its scripts (addInitScript): every media element it starts is kept,
 * and window.__toneHz() answers the loudest pitch of the one being heard (through an
 * AnalyserNode), or null in silence.
 */
export function listenToPage() {
  const media = new Set();
  const play = HTMLMediaElement.prototype.play;
  // The analyser's window is the last 0.7 s of sound: after a seek it still holds what played
  // before it, so nothing is told until the element has seeked and a window has passed.
  const seekedAt = new WeakMap();
  HTMLMediaElement.prototype.play = function () {
    if (!media.has(this)) {
      this.addEventListener('seeking', () => seekedAt.set(this, Infinity));
      this.addEventListener('seeked', () => seekedAt.set(this, performance.now()));
    }
    media.add(this);
    return play.call(this);
  };
  let ctx = null;
  const analysers = new Map();
  window.__toneHz = () => {
    const el = [...media].find((m) => !m.paused && !m.muted && m.readyState >= 3);
    if (!el) return null;
    ctx ??= new AudioContext();
    void ctx.resume();
    let analyser = analysers.get(el);
    if (!analyser) {
      analyser = ctx.createAnalyser();
      analyser.fftSize = 32768;
      analyser.smoothingTimeConstant = 0;
      const source = ctx.createMediaElementSource(el);
      source.connect(analyser);
      analyser.connect(ctx.destination);
      analysers.set(el, analyser);
      return null;
    }
    if (el.seeking || performance.now() - (seekedAt.get(el) ?? -Infinity) < (analyser.fftSize / ctx.sampleRate) * 1000 + 100) return null;
    const bins = new Float32Array(analyser.frequencyBinCount);
    analyser.getFloatFrequencyData(bins);
    let best = 0;
    for (let i = 1; i < bins.length; i += 1) if (bins[i] > bins[best]) best = i;
    if (bins[best] < -70) return null; // silence
    return (best * ctx.sampleRate) / analyser.fftSize;
  };
}

/** The tone's second (0–99) of a pitch. */
export const toneSecond = (hz) => Math.round((hz - TONE_BASE_HZ) / TONE_STEP_HZ);
/** How far b is after a on the tone's 100-second dial. */
export const secondsAfter = (a, b) => (((b - a) % TONE_PERIOD_S) + TONE_PERIOD_S) % TONE_PERIOD_S;

/** The second the page hears now: two reads 150 ms apart that agree (or are one second apart), else null. */
export async function heardSecond(page) {
  const a = await page.evaluate(() => window.__toneHz());
  await page.waitForTimeout(150);
  const b = await page.evaluate(() => window.__toneHz());
  if (a === null || b === null) return null;
  const [sa, sb] = [toneSecond(a), toneSecond(b)];
  return sa === sb || secondsAfter(sa, sb) === 1 ? sb : null;
}
