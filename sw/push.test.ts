import { describe, expect, it } from 'vitest';
import { clickTarget, focusOrOpen, readReminder, resubscribe, type ResubscribeEnv } from './push';

// The notification's click handler, as the worker runs it, with the worker's clients stood in
// for: a real click on a system notification cannot be made from a test (e2e/reminders.spec.ts
// checks that the worker shows the notification; this checks where a tap goes).

const ORIGIN = 'https://radio.example';

function windowAt(url: string, log: string[]) {
  return {
    url,
    focus: async () => {
      log.push(`focus ${url}`);
      return undefined;
    },
    navigate: async (to: string) => {
      log.push(`navigate ${url} -> ${to}`);
      return null;
    },
  };
}

describe('a tap on a reminder', () => {
  it('focuses a window already on the radio page of that tenant', async () => {
    const log: string[] = [];
    const windows = [windowAt(`${ORIGIN}/schedule`, log), windowAt(`${ORIGIN}/?tenant=caribbean`, log)];
    await focusOrOpen(clickTarget(`${ORIGIN}/?tenant=caribbean`, ORIGIN), windows, async (url) => log.push(`open ${url}`));
    expect(log).toEqual([`focus ${ORIGIN}/?tenant=caribbean`]);
  });

  it('otherwise brings an open window of the app to the radio page', async () => {
    const log: string[] = [];
    await focusOrOpen(clickTarget(`${ORIGIN}/`, ORIGIN), [windowAt(`${ORIGIN}/schedule`, log)], async (url) => log.push(`open ${url}`));
    expect(log).toEqual([`focus ${ORIGIN}/schedule`, `navigate ${ORIGIN}/schedule -> ${ORIGIN}/`]);
  });

  it('opens the radio page when no window is open', async () => {
    const log: string[] = [];
    await focusOrOpen(clickTarget(`${ORIGIN}/?tenant=caribbean`, ORIGIN), [], async (url) => log.push(`open ${url}`));
    expect(log).toEqual([`open ${ORIGIN}/?tenant=caribbean`]);
  });

  it('never leaves our origin, whatever the payload says', () => {
    expect(clickTarget('https://evil.example/phish', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(clickTarget(42, ORIGIN)).toBe(`${ORIGIN}/`);
    expect(clickTarget('/?tenant=caribbean', ORIGIN)).toBe(`${ORIGIN}/?tenant=caribbean`);
  });

  it('reads the server payload, and shows something for a push that is not ours', () => {
    const payload = { title: 'Gospel Hour starts in 10 minutes', body: 'Praise', url: `${ORIGIN}/`, showId: 's1', startsAt: '2026-11-26T23:00:00.000Z' };
    expect(readReminder({ json: () => payload })).toEqual(payload);
    expect(readReminder({ json: () => { throw new SyntaxError('not JSON'); } })).toBeNull();
    expect(readReminder(null)).toBeNull();
  });
});

describe('pushsubscriptionchange', () => {
  function worker(stored: Record<string, { endpoint: string; showIds: string[] }>, answer = true) {
    const cache = new Map(Object.entries(stored).map(([k, v]) => [k, JSON.stringify(v)]));
    const sent: string[] = [];
    const sub = (endpoint: string) => ({ endpoint, toJSON: () => ({ endpoint, keys: { p256dh: 'P', auth: 'A' } }) });
    const env: ResubscribeEnv = {
      store: async () =>
        ({
          match: async (key: string) => (cache.has(key) ? new Response(cache.get(key)) : undefined),
          put: async (key: string, res: Response) => void cache.set(key, await res.text()),
        }) as never,
      fetch: async (url, init) => {
        sent.push(`${init.method} ${url} ${init.body}`);
        return { ok: answer };
      },
      subscribe: async (key) => {
        sent.push(`subscribe ${String(key)}`);
        return sub('https://push.example/new');
      },
      publicKey: async () => 'KEY',
    };
    return { env, sent, cache, sub };
  }

  it("tells the server the new endpoint with each tenant's shows and forgets the old one", async () => {
    const w = worker({ '/__reminders/watzhott': { endpoint: 'https://push.example/old', showIds: ['a'] }, '/__reminders/caribbean': { endpoint: 'https://push.example/old', showIds: ['c1', 'c2'] } });
    await resubscribe(w.env, w.sub('https://push.example/old'), w.sub('https://push.example/new'));
    expect(w.sent).toEqual([
      'DELETE /api/push/subscriptions {"endpoint":"https://push.example/old"}',
      'POST /api/push/subscriptions {"subscription":{"endpoint":"https://push.example/new","keys":{"p256dh":"P","auth":"A"}},"showIds":["a"]}',
      'DELETE /api/push/subscriptions?tenant=caribbean {"endpoint":"https://push.example/old"}',
      'POST /api/push/subscriptions?tenant=caribbean {"subscription":{"endpoint":"https://push.example/new","keys":{"p256dh":"P","auth":"A"}},"showIds":["c1","c2"]}',
    ]);
    expect(JSON.parse(w.cache.get('/__reminders/caribbean')!)).toEqual({ endpoint: 'https://push.example/new', showIds: ['c1', 'c2'] });
  });

  it('subscribes again with the key from the server when the browser gave no new subscription', async () => {
    const w = worker({ '/__reminders/watzhott': { endpoint: 'https://push.example/old', showIds: ['a'] } }, false);
    await resubscribe(w.env, null, null);
    expect(w.sent[0]).toBe('subscribe KEY');
    expect(w.sent).toContain('DELETE /api/push/subscriptions {"endpoint":"https://push.example/old"}');
    // The server did not take it: the old record stays, so the app sends it again on its next visit.
    expect(JSON.parse(w.cache.get('/__reminders/watzhott')!).endpoint).toBe('https://push.example/old');
  });
});
