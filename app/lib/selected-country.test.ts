import { afterEach, describe, expect, it, vi } from 'vitest';
import { pickCountry, resolveCountry } from './selected-country';
import { initialLowData } from './low-data';

describe('selected country (docs/product.md#states-and-transitions)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('takes a valid parameter, else the saved choice, else GY', () => {
    expect(pickCountry('JM', 'BB')).toBe('JM');
    expect(pickCountry(null, 'BB')).toBe('BB');
    expect(pickCountry(null, null)).toBe('GY');
    expect(pickCountry('XX', 'TT')).toBe('TT');
    expect(pickCountry('jm', 'nope')).toBe('GY');
  });

  it('ignores an invalid code with a console warning only', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(resolveCountry('ZZ', null)).toBe('GY');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('ZZ'));
    warn.mockClear();
    resolveCountry('GD', null);
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('Low Data Mode on a first visit (docs/product.md)', () => {
  it('follows the browser’s save-data wish until the listener chooses', () => {
    expect(initialLowData(null, true)).toBe(true);
    expect(initialLowData(null, false)).toBe(false);
    expect(initialLowData('false', true)).toBe(false);
    expect(initialLowData('true', false)).toBe(true);
  });
});
