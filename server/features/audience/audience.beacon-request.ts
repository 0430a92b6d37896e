import type { IncomingMessage } from 'node:http';
import { badRequest } from '../../http/errors';

/** The beacon's route, declared in audience.operations.ts and answered early by audience.beacon-first.ts. */
export const BEACON_PATH = '/api/listening';

/** A beacon is tiny (docs/api.md "Audience"); an offline batch of 200 events fits well inside. */
export const BEACON_MAX_BYTES = 32 * 1024;

/** Listeners behind one carrier address each send about one beacon a minute: counted per process. */
export const BEACON_RATE = { bucket: `POST ${BEACON_PATH}`, perMinute: 600 } as const;

/** navigator.sendBeacon sends text/plain (no CORS preflight): JSON in either of these types. */
export const isBeaconType = (contentType: string | undefined): boolean => /^\s*(?:text\/plain|application\/json)\s*(?:;|$)/i.test(contentType ?? '');

/** Bodies read before Koa by the beacon's early answer and handed on to the route (audience.beacon-first.ts). */
const readAlready = new WeakMap<IncomingMessage, string>();
export const handOnBody = (req: IncomingMessage, raw: string) => void readAlready.set(req, raw);

/**
 * The beacon's bytes as text: a few hundred, read off the request as they come (raw-body and
 * type-is cost more than the rest of a heartbeat's answer at 10,000 listeners,
 * bench/audience.mjs), or what the early answer read already.
 */
export function readBeacon(req: IncomingMessage): Promise<string> {
  const already = readAlready.get(req);
  if (already !== undefined) return Promise.resolve(already);
  const declared = Number(req.headers['content-length']);
  if (declared > BEACON_MAX_BYTES) return Promise.reject(badRequest('The beacon is too large'));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    const done = (err: Error | null) => {
      req.off('data', onData).off('end', onEnd).off('error', onError).off('aborted', onAborted);
      if (err) reject(err);
      else resolve(Buffer.concat(chunks, bytes).toString('utf8'));
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes <= BEACON_MAX_BYTES) return void chunks.push(chunk);
      req.pause();
      done(badRequest('The beacon is too large'));
    };
    const onEnd = () => done(null);
    const onError = (err: Error) => done(err);
    const onAborted = () => done(badRequest('The beacon was cut off'));
    req.on('data', onData).on('end', onEnd).on('error', onError).on('aborted', onAborted);
  });
}
