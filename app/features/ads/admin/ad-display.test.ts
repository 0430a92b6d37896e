import { describe, expect, it } from 'vitest';
import { NewAdSchema } from '../../../../domain/ads';
import { AD_SLOTS } from '../../../../domain/catalog';
import { messagesByField } from '../../../components/form/messages-by-field';
import { AD_SLOT_LABELS, EMPTY_AD_FORM, clickThroughRate, countriesLabel, slotsLabel, toggleIn } from './ad-display';

describe('clickThroughRate', () => {
  it('is clicks over impressions as a percentage', () => {
    expect(clickThroughRate(200, 3)).toBe('1.5%');
    expect(clickThroughRate(3, 1)).toBe('33.3%');
    expect(clickThroughRate(10, 0)).toBe('0.0%');
  });

  it("is '—' before the first impression", () => {
    expect(clickThroughRate(0, 0)).toBe('—');
    expect(clickThroughRate(0, 5)).toBe('—');
  });
});

describe('labels', () => {
  it('name all 7 placements', () => {
    expect(Object.keys(AD_SLOT_LABELS)).toEqual([...AD_SLOTS]);
    expect(slotsLabel(['leaderboard', 'footer'])).toBe('Leaderboard (728x90), Footer');
  });

  it('say all countries when none is targeted', () => {
    expect(countriesLabel([])).toBe('All countries');
    expect(countriesLabel(['GY', 'BS'])).toBe('Guyana, The Bahamas');
  });
});

describe('toggleIn', () => {
  it('adds and removes while keeping the reference order', () => {
    expect(toggleIn(['footer'], 'leaderboard', true, AD_SLOTS)).toEqual(['leaderboard', 'footer']);
    expect(toggleIn(['leaderboard', 'footer'], 'leaderboard', false, AD_SLOTS)).toEqual(['footer']);
    expect(toggleIn(['footer'], 'footer', true, AD_SLOTS)).toEqual(['footer']);
  });
});

describe('the empty ad form against NewAdSchema', () => {
  it('asks for an image, a target and a slot', () => {
    expect(messagesByField(NewAdSchema, EMPTY_AD_FORM)).toEqual({
      imageUrl: 'Valid image URL is required',
      targetUrl: 'Valid target URL is required',
      slots: 'Pick at least one slot',
    });
  });
});
