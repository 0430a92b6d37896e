import { describe, expect, it } from 'vitest';
import { LINK_OUTS, linkOutTarget } from './link-out';

const none = { communityUrl: '', shopUrl: '', donateUrl: '' };

describe('linkOutTarget', () => {
  it('reads the setting that belongs to each page', () => {
    const settings = { communityUrl: 'https://c.example', shopUrl: 'https://s.example', donateUrl: 'https://d.example' };
    expect(linkOutTarget(settings, 'community')).toBe('https://c.example');
    expect(linkOutTarget(settings, 'shop')).toBe('https://s.example');
    expect(linkOutTarget(settings, 'give')).toBe('https://d.example');
  });

  it('answers null when the link is not configured', () => {
    expect(linkOutTarget(none, 'shop')).toBeNull();
    expect(linkOutTarget({ ...none, donateUrl: '   ' }, 'give')).toBeNull();
  });

  it('accepts same-origin paths', () => {
    expect(linkOutTarget({ ...none, communityUrl: '/sponsors' }, 'community')).toBe('/sponsors');
  });

  it('never turns a non-http value into a navigation', () => {
    expect(linkOutTarget({ ...none, shopUrl: 'javascript:alert(1)' }, 'shop')).toBeNull();
    expect(linkOutTarget({ ...none, shopUrl: '//evil.example' }, 'shop')).toBeNull();
  });

  it('keeps the exact give message of docs/product.md', () => {
    expect(LINK_OUTS.give.unset).toBe('Donation options coming soon');
  });
});
