import Router from '@koa/router';
import { TENANT_NAMES } from '../../../domain/tenants';
import type { AppState } from '../../http/context';
import { BITRATE, LiveMp3Stream, SAMPLE_RATE, silentCycle, type FrameCycle } from './demo-stream.mp3';

export const DEMO_STREAM_PATH = '/demo/stream';
/** Each listener costs a timer and 16 KB/s; a demo needs few. */
export const MAX_DEMO_LISTENERS = 50;

let cycle: FrameCycle | null = null;
let listeners = 0;

/** Demo streams open in this process now. */
export const activeDemoStreams = (): number => listeners;

/**
 * GET /demo/stream: a local live stream for machines without internet (the demo settings'
 * streamUrl) and for the player's tests: endless silent MP3, in real time, like an Icecast
 * mount, until the listener goes away.
 */
export function demoStreamRouter(): Router<AppState> {
  const router = new Router<AppState>();
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
    ctx.set('icy-br', String(BITRATE / 1000));
    ctx.set('icy-sr', String(SAMPLE_RATE));
    ctx.set('icy-pub', '0');
    ctx.set('Accept-Ranges', 'none');
    if (ctx.method === 'HEAD') return;
    cycle ??= silentCycle();
    const stream = new LiveMp3Stream(cycle);
    listeners += 1;
    stream.once('close', () => {
      listeners -= 1;
    });
    ctx.body = stream;
  });
  return router;
}
