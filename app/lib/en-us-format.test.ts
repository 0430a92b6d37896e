import { describe, expect, it } from 'vitest';
import { enUsDate, enUsDateTime, enUsInteger, enUsTime, writesEnUs } from './en-us-format';

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
      expect(enUsDate(at, true)).toBe(at.toLocaleDateString('en-US', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }));
      expect(enUsDateTime(at)).toBe(plain(dateTime.format(at)));
      expect(enUsTime(at)).toBe(plain(time.format(at)));
    }
  });

  it("groups whole numbers as en-US's Intl does", () => {
    for (const n of [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 123_456_789, -4321]) expect(enUsInteger(n)).toBe(n.toLocaleString('en-US'));
  });

  it('is for en-US alone', () => {
    expect(writesEnUs('en-US')).toBe(true);
    expect(writesEnUs('en-GB')).toBe(false);
    expect(writesEnUs('en')).toBe(false);
  });
});
