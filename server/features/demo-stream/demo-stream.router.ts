import fs from 'node:fs';
import path from 'node:path';
import Router from '@koa/router';
import { TENANT_NAMES } from '../../../domain/tenants';
import type { AppState } from '../../http/context';
import { cycleBitrate, LiveMp3Stream, mp3Cycle, SAMPLE_RATE, type FrameCycle } from './demo-stream.mp3';

export const DEMO_STREAM_PATH = '/demo/stream';
/** Each listener costs a timer and 6 KB/s; a demo needs few. */
export const MAX_DEMO_LISTENERS = 50;
/** The demo's tune (scripts/make-demo-audio.mjs), in the repository's public folder. */
export const DEMO_TUNE = path.join('public', 'demo', 'audio', 'sample.mp3');
/**
 * Sent at once, as Icecast's burst-on-connect does (its default burst-size, 64 KB): Chromium
 * reads the first 32 KB of a progressive MP3 before it starts playing, whatever the bitrate,
 * so a smaller burst left a listener waiting for the rest in real time (3.7 s after the first
 * bytes with a 2 s burst of this 48 kbps tune). On a 1.6 Mbps phone 32 KB take 0.16 s
 * (docs/performance.md, "Time to first sound").
 */
const BURST_BYTES = 64 * 1024;

const cycles = new Map<string, FrameCycle>();
let listeners = 0;

/** Demo streams open in this process now. */
export const activeDemoStreams = (): number => listeners;

/**
 * GET /demo/stream: a local live stream for machines without internet (the demo settings'
 * streamUrl) and for the player's tests: the demo's tune (`tuneFile`, an MP3 of 44.1 kHz
 * MPEG-1 frames) over and over, in real time, like an Icecast mount, until the listener goes
 * away. The file is read on the first listener, once.
 */
export function demoStreamRouter(tuneFile: string): Router<AppState> {
  const router = new Router<AppState>();
  const tune = (): FrameCycle => {
    let cycle = cycles.get(tuneFile);
    if (!cycle) {
      cycle = mp3Cycle(fs.readFileSync(tuneFile));
      cycles.set(tuneFile, cycle);
    }
    return cycle;
  };
  router.get(DEMO_STREAM_PATH, (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    if (listeners >= MAX_DEMO_LISTENERS) {
      ctx.status = 503;
      ctx.set('Retry-After', '10');
      ctx.type = 'text/plain';
      ctx.body = 'Too many listeners on the demo stream';
      return;
    }
    // Never buffered by the compressor: a live stream has no end to wait for.
    ctx.compress = false;
    ctx.status = 200;
    ctx.type = 'audio/mpeg';
    ctx.set('icy-name', `${TENANT_NAMES[ctx.state.tenant]} (demo)`);
    const cycle = tune();
    ctx.set('icy-br', String(Math.round(cycleBitrate(cycle) / 1000)));
    ctx.set('icy-sr', String(SAMPLE_RATE));
    ctx.set('icy-pub', '0');
    ctx.set('Accept-Ranges', 'none');
    if (ctx.method === 'HEAD') return;
    const frameBytes = cycle.data.length / cycle.frames.length;
    const stream = new LiveMp3Stream(cycle, { burstFrames: Math.round(BURST_BYTES / frameBytes) });
    listeners += 1;
    stream.once('close', () => {
      listeners -= 1;
    });
    ctx.body = stream;
  });
  return router;
}
