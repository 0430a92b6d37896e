// Fixed lists of docs/product.md#entities that both the app and the server read.

export const GENRES = ['Reggae', 'Soca', 'Calypso', 'Dancehall', 'Gospel', 'R&B', 'Pop', 'Electronic', 'Jazz', 'Steel Drum'] as const;
export type Genre = (typeof GENRES)[number];

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const SPONSOR_TIERS = ['supporting', 'standard', 'premium'] as const;
export type SponsorTier = (typeof SPONSOR_TIERS)[number];

export const BUDGET_OPTIONS = ['$100 - $500', '$500 - $1,000', '$1,000 - $2,500', '$2,500 - $5,000', '$5,000+', 'Custom arrangement'] as const;
export type BudgetOption = (typeof BUDGET_OPTIONS)[number];

/** The 7 hybrid placements of docs/api.md. */
export const AD_SLOTS = ['leaderboard', 'sidebar', 'infeed', 'artists', 'directory', 'schedule', 'footer'] as const;
export type AdSlot = (typeof AD_SLOTS)[number];

export const AD_MODES = ['embed', 'hybrid'] as const;
export type AdMode = (typeof AD_MODES)[number];

export const TRACK_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TrackStatus = (typeof TRACK_STATUSES)[number];
