import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { eventText } from './now-playing.events';
import { snapshotOf } from './now-playing.hub';
import { sharedGzip } from './now-playing.gzip';

const answer = (title: string, history: string[]) =>
  snapshotOf({
    nowPlaying: { title, artist: 'Kes', art: null },
    history: history.map((t, i) => ({ title: t, artist: 'Kes', playedAt: new Date(Date.UTC(2026, 10, 23, 12, i)).toISOString() })),
    listeners: 42,
    show: null,
  });

describe('gzip shared between event streams', () => {
  it('makes streams that decode, trailer and all, to exactly what each was sent', () => {
    const gzip = sharedGzip(eventText);
    const one = answer('Hello', ['Stamina', 'Wotless', 'Savannah Grass']);
    const two = answer('Calypso Music', ['Hello', 'Stamina', 'Wotless']);
    const three = answer('Magnificent', ['Calypso Music', 'Hello', 'Stamina']);

    // A: opens before the first change, B after it, C reconnects knowing `two` (sent nothing at first).
    const plan: Record<string, (string | ReturnType<typeof answer>)[]> = {
      a: ['retry: 4000\n\n', one, ':\n\n', two, ':\n\n', ':\n\n', three],
      b: ['retry: 7000\n\n', two, ':\n\n', ':\n\n', three],
      c: ['retry: 3000\n\n', ':\n\n', three],
    };
    const shared: Buffer[] = [];
    for (const [name, items] of Object.entries(plan)) {
      const state = gzip.state();
      const chunks: Buffer[] = [gzip.header];
      let text = '';
      for (const item of items) {
        if (typeof item === 'string') {
          chunks.push(gzip.text(state, item));
          text += item;
        } else {
          const bytes = gzip.event(state, item);
          if (item === three && name !== 'c') shared.push(bytes);
          chunks.push(bytes);
          text += eventText(item);
        }
      }
      chunks.push(gzip.trailer(state));
      // gunzipSync checks the CRC-32 and length of the trailer too.
      expect(zlib.gunzipSync(Buffer.concat(chunks)).toString('utf8'), name).toBe(text);
    }
    // A and B hold the same previous event and heartbeats: one compression, the same bytes.
    expect(shared[0]).toBe(shared[1]);
  });

  it('sends a song change in far fewer bytes than the answer, thanks to the previous event', () => {
    const gzip = sharedGzip(eventText);
    const history = Array.from({ length: 20 }, (_, i) => `Song number ${i} of the afternoon`);
    const before = answer('Hello', history.slice(1));
    const after = answer('Big Bad Soca', ['Hello', ...history.slice(1, 20)]);
    const state = gzip.state();
    gzip.text(state, 'retry: 5000\n\n');
    const first = gzip.event(state, before);
    const change = gzip.event(state, after);
    expect(first.length).toBeGreaterThan(250);
    expect(change.length).toBeLessThan(first.length * 0.6);
  });
});
