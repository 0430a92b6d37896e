import { describe, expect, it } from 'vitest';
import { embedVersion } from './embeds';

describe('embedVersion', () => {
  it('is stable for the same HTML and differs for a changed one, even of the same length', () => {
    expect(embedVersion('<p>a</p>')).toBe(embedVersion('<p>a</p>'));
    expect(embedVersion('<p>a</p>')).not.toBe(embedVersion('<p>b</p>'));
    expect(embedVersion('')).toMatch(/^[0-9a-z]+$/);
    // Known FNV-1a 32-bit value for "a" (0xe40c292c), so app and server agree by construction.
    expect(embedVersion('a')).toBe((0xe40c292c).toString(36));
  });
});
