import { describe, expect, it } from 'vitest';
import { playedTime } from './played-time';

const at = (hour: number, minute: number) => new Date(2026, 0, 15, hour, minute).toISOString();

describe('playedTime', () => {
  it('reads en-US hours and minutes as Intl does in Chromium, without Intl', () => {
    expect(playedTime(at(0, 5), 'en-US')).toBe('12:05 AM');
    expect(playedTime(at(9, 30), 'en-US')).toBe('9:30 AM');
    expect(playedTime(at(12, 0), 'en-US')).toBe('12:00 PM');
    expect(playedTime(at(13, 45), 'en-US')).toBe('1:45 PM');
    expect(playedTime(at(23, 59), 'en-US')).toBe('11:59 PM');
  });

  it('matches Intl for every minute of a day in en-US (spaces aside: Node marks AM/PM with U+202F)', () => {
    const intl = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
    for (let m = 0; m < 24 * 60; m += 7) {
      const iso = at(Math.floor(m / 60), m % 60);
      expect(playedTime(iso, 'en-US')).toBe(intl.format(new Date(iso)).replace(/\s/g, ' '));
    }
  });

  it('leaves other locales to Intl', () => {
    const iso = at(13, 45);
    expect(playedTime(iso, 'fr-FR')).toBe(new Intl.DateTimeFormat([], { hour: 'numeric', minute: '2-digit' }).format(new Date(iso)));
  });
});
