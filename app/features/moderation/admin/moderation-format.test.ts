import { afterEach, describe, expect, it, vi } from 'vitest';
import { awaitingReview, countryName, nameOrAnonymous, pendingTotal, pendingTracks, preview, tenantPageHref } from './moderation-format';

describe('preview', () => {
  it('keeps text up to the limit as it is', () => {
    expect(preview('a'.repeat(50), 50)).toBe('a'.repeat(50));
    expect(preview('  short bio  ', 50)).toBe('short bio');
  });
  it('cuts longer text to the limit and marks the cut', () => {
    expect(preview('b'.repeat(51), 50)).toBe(`${'b'.repeat(50)}...`);
    expect(preview('p'.repeat(200), 80)).toBe(`${'p'.repeat(80)}...`);
  });
  it('never splits an emoji or flag at the cut', () => {
    // The flag is four UTF-16 units and two code points, but one character to a reader.
    expect(preview(`${'x'.repeat(49)}🇬🇾 and more`, 50)).toBe(`${'x'.repeat(49)}🇬🇾...`);
    expect(preview(`${'x'.repeat(50)}🙏🏽`, 50)).toBe(`${'x'.repeat(50)}...`);
    expect(preview(`${'x'.repeat(49)}🙏🏽`, 50)).toBe(`${'x'.repeat(49)}🙏🏽`);
  });
  it('never splits a letter from its accent or a CR from its LF at the cut', () => {
    // 'é' written as e and a combining acute accent: one character, two units.
    expect(preview(`${'x'.repeat(49)}e\u0301 and more`, 50)).toBe(`${'x'.repeat(49)}e\u0301...`);
    expect(preview(`${'x'.repeat(48)}e\u0301`, 49)).toBe(`${'x'.repeat(48)}e\u0301`);
    expect(preview(`${'x'.repeat(49)}\r\n${'y'.repeat(5)}`, 50)).toBe(`${'x'.repeat(49)}\r\n...`);
  });
});

describe('what the module makes, and when', () => {
  const real = { Segmenter: Intl.Segmenter, DateTimeFormat: Intl.DateTimeFormat };
  const made = { Segmenter: 0, DateTimeFormat: 0 };
  afterEach(() => Object.assign(Intl, real));
  // An Intl.Segmenter or the first Intl.DateTimeFormat costs a phone's main thread a tenth of
  // a second or more: none is made as the module loads (it would hold back the queues'
  // requests), and plain text is cut without a segmenter.
  it('makes no Intl object as it loads, and none to cut plain text', async () => {
    made.Segmenter = made.DateTimeFormat = 0;
    Object.assign(Intl, {
      Segmenter: class extends real.Segmenter {
        constructor(...args: ConstructorParameters<typeof Intl.Segmenter>) {
          super(...args);
          made.Segmenter += 1;
        }
      },
      DateTimeFormat: class extends real.DateTimeFormat {
        constructor(...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
          super(...args);
          made.DateTimeFormat += 1;
        }
      },
    });
    vi.resetModules();
    const fresh = await import('./moderation-format');
    expect(made).toEqual({ Segmenter: 0, DateTimeFormat: 0 });
    expect(fresh.preview(`Pray for Grand'Anse, Haïti: ${'z'.repeat(80)}`, 50)).toBe(`Pray for Grand'Anse, Haïti: ${'z'.repeat(22)}...`);
    expect(made.Segmenter).toBe(0);
    expect(fresh.preview(`${'x'.repeat(49)}🇬🇾 and more`, 50)).toBe(`${'x'.repeat(49)}🇬🇾...`);
    expect(made.Segmenter).toBe(1);
    // en-US dates are written by hand (app/lib/en-us-format.ts); another locale's by Intl.
    vi.stubGlobal('navigator', { language: 'en-US' });
    fresh.prepareDateFormats();
    expect(fresh.formatDate('2026-11-27T10:00:00.000Z')).toMatch(/^Nov 2[67], 2026$/);
    expect(fresh.formatDateTime('2026-11-27T10:00:00.000Z')).toMatch(/^Nov 2[67], 2026, \d{1,2}:00 [AP]M$/);
    expect(fresh.formatDateTime('not a date')).toBe('not a date');
    expect(made.DateTimeFormat).toBe(0);
    vi.stubGlobal('navigator', { language: 'fr-FR' });
    fresh.prepareDateFormats();
    expect(fresh.formatDate('2026-11-27T10:00:00.000Z')).toMatch(/2026/);
    expect(made.DateTimeFormat).toBe(2);
    vi.unstubAllGlobals();
  });
});

describe('labels', () => {
  it('names a country or says Unknown', () => {
    expect(countryName('JM')).toBe('Jamaica');
    expect(countryName('XX')).toBe('Unknown');
    expect(countryName(null)).toBe('Unknown');
  });
  it('falls back to Anonymous for a missing or blank name', () => {
    expect(nameOrAnonymous('Ria')).toBe('Ria');
    expect(nameOrAnonymous('  ')).toBe('Anonymous');
    expect(nameOrAnonymous(null)).toBe('Anonymous');
  });
});

describe('pending queues', () => {
  it('keeps only pending tracks', () => {
    const tracks = [{ id: '1', status: 'pending' }, { id: '2', status: 'approved' }, { id: '3', status: 'rejected' }, { id: '4', status: 'pending' }] as const;
    expect(pendingTracks(tracks).map((t) => t.id)).toEqual(['1', '4']);
  });
  it('totals the four queues, counting a queue not loaded as nothing', () => {
    expect(pendingTotal([2, 3, undefined, 1])).toBe(6);
    expect(pendingTotal([])).toBe(0);
  });
});

describe('tenantPageHref', () => {
  it('keeps the tenant parameter on caribbean only', () => {
    expect(tenantPageHref('/artists/a1', 'watzhott')).toBe('/artists/a1');
    expect(tenantPageHref('/artists/a1', 'caribbean')).toBe('/artists/a1?tenant=caribbean');
    expect(tenantPageHref('/events?x=1', 'caribbean')).toBe('/events?x=1&tenant=caribbean');
  });
});

describe('awaitingReview', () => {
  it('keeps unreviewed items and drops rejected ones', () => {
    const items = [
      { id: 'new', reviewedAt: null },
      { id: 'old-row', reviewedAt: undefined },
      { id: 'rejected', reviewedAt: '2026-11-21T10:00:00.000Z' },
    ];
    expect(awaitingReview(items).map((i) => i.id)).toEqual(['new', 'old-row']);
  });
});
