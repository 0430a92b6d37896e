import { describe, expect, it } from 'vitest';
import { estimateMegabytes } from './engine';

describe('estimateMegabytes', () => {
  it('is seconds × kbps in megabytes', () => {
    expect(estimateMegabytes(3600, 128)).toBeCloseTo(57.6);
    expect(estimateMegabytes(0, 128)).toBe(0);
  });
});
