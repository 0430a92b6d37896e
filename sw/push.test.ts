import { describe, expect, it } from 'vitest';
import { clickTarget, focusOrOpen, readReminder } from './push';

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
