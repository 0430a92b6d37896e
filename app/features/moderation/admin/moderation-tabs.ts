import { tenantHasPrayers, type Tenant } from '../../../../domain/tenants';

import { MODERATION_TABS, type ModerationTab } from './moderation-tab-ids';

export { MODERATION_TABS, type ModerationTab };

const TAB_NAMES: Record<ModerationTab, string> = {
  artists: 'Artists',
  tracks: 'Tracks',
  prayers: 'Prayers',
  shoutouts: 'Shoutouts',
  chat: 'Chat',
  events: 'Events',
};

/** The Prayers tab exists on caribbean only (docs/product.md#screens, docs/product.md#tenants). */
export function visibleTabs(tenant: Tenant): ModerationTab[] {
  return MODERATION_TABS.filter((t) => t !== 'prayers' || tenantHasPrayers(tenant));
}

/** A requested tab that this tenant lacks (or none) falls back to the first. */
export function selectedTab(requested: string | undefined, tabs: readonly ModerationTab[]): ModerationTab {
  return tabs.find((t) => t === requested) ?? tabs[0] ?? 'artists';
}

/**
 * 'Artists (3)'; the Events tab has no count (nothing there waits for review). A queue still
 * loading shows '…' rather than a 0 that would read as "nothing to do".
 */
export function tabLabel(tab: ModerationTab, count: number | undefined): string {
  if (tab === 'events') return TAB_NAMES.events;
  return `${TAB_NAMES[tab]} (${count ?? '…'})`;
}

/** Arrow keys, Home and End move between tabs (WAI-ARIA tabs pattern), wrapping around. */
export function tabAfterKey(key: string, current: ModerationTab, tabs: readonly ModerationTab[]): ModerationTab | null {
  const i = tabs.indexOf(current);
  if (i < 0 || tabs.length === 0) return null;
  switch (key) {
    case 'ArrowRight':
      return tabs[(i + 1) % tabs.length]!;
    case 'ArrowLeft':
      return tabs[(i - 1 + tabs.length) % tabs.length]!;
    case 'Home':
      return tabs[0]!;
    case 'End':
      return tabs[tabs.length - 1]!;
    default:
      return null;
  }
}
