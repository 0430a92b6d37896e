import { describe, expect, it } from 'vitest';
import { isIosBrowser } from './install';

describe('isIosBrowser', () => {
  it('shows the Add to Home Screen steps on iPhone and iPad browsers only', () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1';
    expect(isIosBrowser(iphone, false)).toBe(true);
    expect(isIosBrowser(iphone, true)).toBe(false);
    expect(isIosBrowser('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/120 Mobile Safari/537.36', false)).toBe(false);
  });
});
