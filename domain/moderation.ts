import { tenantHasPrayers, type Tenant } from './tenants';

// The moderation queues as the app asks for them: its page (app/features/moderation/) and the
// shell's early script (app/lib/admin-early/), which asks for their first pages before the app
// has started, under the same URLs.

export const MODERATION_QUEUES = ['artists', 'tracks', 'prayers', 'shoutouts'] as const;
export type ModerationQueue = (typeof MODERATION_QUEUES)[number];

/** How many rows a moderation tab loads at a time: a phone screen or two. */
export const QUEUE_PAGE_SIZE = 25;

/** The queues this tenant has (prayers on caribbean only: elsewhere /api/prayers answers 404). */
export const tenantQueues = (tenant: Tenant): ModerationQueue[] => MODERATION_QUEUES.filter((q) => q !== 'prayers' || tenantHasPrayers(tenant));

/** A queue's first page: what awaits review (the server's pending=true), newest first. */
export const queueFirstPage = (queue: ModerationQueue): string => `/api/${queue}?pending=true&limit=${QUEUE_PAGE_SIZE}`;
