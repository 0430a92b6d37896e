import { describe, expect, it } from 'vitest';
import { enUsDate, enUsDateTime, enUsTime, writesEnUs } from './en-us-dates';

// Node marks AM/PM with U+202F where Chromium has a plain space: compared with spaces made plain.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('en-US dates by hand', () => {
  it('writes what Intl writes in en-US, for every month, day and a spread of times', () => {
    const date = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
    const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
    const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
    for (let day = 0; day < 366 * 2; day++) {
      const at = new Date(2026, 0, 1 + day, (day * 7) % 24, (day * 13) % 60);
      expect(enUsDate(at)).toBe(plain(date.format(at)));
      expect(enUsDateTime(at)).toBe(plain(dateTime.format(at)));
      expect(enUsTime(at)).toBe(plain(time.format(at)));
    }
  });

  it('is for en-US alone', () => {
    expect(writesEnUs('en-US')).toBe(true);
    expect(writesEnUs('en-GB')).toBe(false);
    expect(writesEnUs('en')).toBe(false);
  });
});
