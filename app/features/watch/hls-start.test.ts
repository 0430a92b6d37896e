import { describe, expect, it } from 'vitest';
import { hlsStartLevel } from './hls-start';

describe('hlsStartLevel', () => {
  it('starts at the lowest rendition on a slow or data-saving connection', () => {
    for (const effectiveType of ['slow-2g', '2g', '3g']) expect(hlsStartLevel({ effectiveType })).toBe(0);
    expect(hlsStartLevel({ effectiveType: '4g', saveData: true })).toBe(0);
  });
  it('lets hls.js choose on a fast connection or when the browser does not say', () => {
    expect(hlsStartLevel({ effectiveType: '4g' })).toBe(-1);
    expect(hlsStartLevel({})).toBe(-1);
    expect(hlsStartLevel(undefined)).toBe(-1);
  });
});
