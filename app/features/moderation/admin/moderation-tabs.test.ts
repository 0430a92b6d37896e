import { describe, expect, it } from 'vitest';
import { selectedTab, tabAfterKey, tabLabel, visibleTabs } from './moderation-tabs';

describe('moderation tabs', () => {
  it('shows Prayers on caribbean only', () => {
    expect(visibleTabs('caribbean')).toEqual(['artists', 'tracks', 'prayers', 'shoutouts', 'chat', 'events']);
    expect(visibleTabs('watzhott')).toEqual(['artists', 'tracks', 'shoutouts', 'chat', 'events']);
  });
  it('falls back to the first tab for a missing or unavailable one', () => {
    const tabs = visibleTabs('watzhott');
    expect(selectedTab(undefined, tabs)).toBe('artists');
    expect(selectedTab('prayers', tabs)).toBe('artists');
    expect(selectedTab('events', tabs)).toBe('events');
  });
  it('labels tabs with their counts', () => {
    expect(tabLabel('artists', 3)).toBe('Artists (3)');
    expect(tabLabel('shoutouts', 0)).toBe('Shoutouts (0)');
    expect(tabLabel('chat', 2)).toBe('Chat (2)');
    expect(tabLabel('tracks', undefined)).toBe('Tracks (…)');
    expect(tabLabel('events', 4)).toBe('Events');
  });
  it('moves with arrow keys, Home and End, wrapping around', () => {
    const tabs = visibleTabs('caribbean');
    expect(tabAfterKey('ArrowRight', 'events', tabs)).toBe('artists');
    expect(tabAfterKey('ArrowLeft', 'artists', tabs)).toBe('events');
    expect(tabAfterKey('Home', 'tracks', tabs)).toBe('artists');
    expect(tabAfterKey('End', 'tracks', tabs)).toBe('events');
    expect(tabAfterKey('Enter', 'tracks', tabs)).toBeNull();
  });
});
