// The moderation page's tabs, alone: its route file reads the `tab` parameter with them, and
// route files are part of the entry every first visit downloads, so the tabs' labels and keys
// (./moderation-tabs.ts) stay with the page (issue 29, docs/performance.md "The first visit at
// the wire").
export const MODERATION_TABS = ['artists', 'tracks', 'prayers', 'shoutouts', 'chat', 'events'] as const;
export type ModerationTab = (typeof MODERATION_TABS)[number];
