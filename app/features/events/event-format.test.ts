import { describe, expect, it, vi } from 'vitest';
import { upcomingEvents } from './upcoming-events';
import { formatPriceFrom } from './upcoming-events';
import { formatEventStart, initialOf } from './event-format';

describe('formatPriceFrom', () => {
  it('shows the lowest price when set', () => {
    expect(formatPriceFrom(25)).toBe('From $25');
    expect(formatPriceFrom(12.5)).toBe('From $12.50');
    expect(formatPriceFrom(1500)).toBe('From $1,500');
  });

  it('writes cents and thousands as Intl does in en-US, without Intl (docs/performance.md)', () => {
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    const toLocaleString = vi.spyOn(Number.prototype, 'toLocaleString');
    try {
      for (const price of [0.01, 0.5, 9.99, 12.345, 99.995, 1000, 1234.5, 999999.99, 1_000_000]) {
        const intl = `From $${price.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(price) ? 0 : 2, maximumFractionDigits: 2 })}`;
        toLocaleString.mockClear();
        numberFormat.mockClear();
        expect(formatPriceFrom(price)).toBe(intl);
        expect(toLocaleString).not.toHaveBeenCalled();
        expect(numberFormat).not.toHaveBeenCalled();
      }
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('reads zero as Free and no price as nothing', () => {
    expect(formatPriceFrom(0)).toBe('Free');
    expect(formatPriceFrom(null)).toBeNull();
    expect(formatPriceFrom(undefined)).toBeNull();
  });
});

describe('formatEventStart', () => {
  it('shows the start in the listener zone', () => {
    // 20:00 in Guyana is midnight UTC, the next day.
    expect(formatEventStart('2026-01-11T00:00:00.000Z', 'America/Guyana', 'en-US')).toMatch(/^Sat, Jan 10, 2026, 8:00\sPM GMT-4$/);
    expect(formatEventStart('2026-01-11T00:00:00.000Z', 'UTC', 'en-US')).toMatch(/^Sun, Jan 11, 2026, 12:00\sAM UTC$/);
  });
});

describe('initialOf', () => {
  it('gives the first letter, upper case', () => {
    expect(initialOf(' soca fete')).toBe('S');
    expect(initialOf('')).toBe('?');
  });
});

describe('upcomingEvents', () => {
  const now = new Date('2026-01-10T12:00:00Z');
  const e = (startIso: string) => ({ startIso });

  it('drops events that started more than six hours ago and sorts soonest first', () => {
    const list = [e('2026-02-01T00:00:00Z'), e('2026-01-01T00:00:00Z'), e('2026-01-10T07:00:00Z'), e('2026-01-10T05:59:00Z')];
    expect(upcomingEvents(list, now).map((x) => x.startIso)).toEqual(['2026-01-10T07:00:00Z', '2026-02-01T00:00:00Z']);
  });
});
