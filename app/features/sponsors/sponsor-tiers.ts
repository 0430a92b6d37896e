import type { SponsorTier } from '../../../domain/catalog';
import { displayTier } from '../../../domain/sponsors';

/** The public page's groups, best first (docs/product.md#screens). */
export const SPONSOR_GROUPS: readonly { tier: SponsorTier; title: string }[] = [
  { tier: 'premium', title: 'Premium Partners' },
  { tier: 'standard', title: 'Supporting Partners' },
  { tier: 'supporting', title: 'Community Supporters' },
];

export interface SponsorGroup<S> {
  tier: SponsorTier;
  title: string;
  sponsors: S[];
}

/** Active sponsors by group, in the server's order within a group; empty groups are left out. */
export function groupSponsors<S extends { tier: string; active?: boolean }>(sponsors: readonly S[]): SponsorGroup<S>[] {
  const live = sponsors.filter((s) => s.active !== false);
  return SPONSOR_GROUPS.map((g) => ({ ...g, sponsors: live.filter((s) => displayTier(s.tier) === g.tier) })).filter(
    (g) => g.sponsors.length > 0,
  );
}

/** The application page's three tier cards (docs/product.md#screens), cheapest first. */
export const TIER_OFFERS: readonly { tier: SponsorTier; name: string; price: string; benefits: string; highlighted: boolean }[] = [
  {
    tier: 'supporting',
    name: 'Community Supporter',
    price: '$100 - $500',
    benefits: 'Logo placement and social media mentions',
    highlighted: false,
  },
  {
    tier: 'standard',
    name: 'Supporting Partner',
    price: '$500 - $2000',
    benefits: 'Enhanced visibility and newsletter mentions',
    highlighted: false,
  },
  {
    tier: 'premium',
    name: 'Premium Partner',
    price: '$2000+',
    benefits: 'Maximum exposure and custom partnership opportunities',
    highlighted: true,
  },
];

export type ApplicationField = 'companyName' | 'email' | 'website' | 'tier' | 'budget' | 'goals' | 'message';

const FORM_FIELDS: Record<ApplicationField, true> = {
  companyName: true,
  email: true,
  website: true,
  tier: true,
  budget: true,
  goals: true,
  message: true,
};

// The server validates the payload, whose names differ from the form's; notes is built
// from email, budget, goals and message, and only the goals can make it too long.
const SERVER_TO_FORM: Record<string, ApplicationField> = {
  name: 'companyName',
  targetUrl: 'website',
  tier: 'tier',
  notes: 'goals',
};

/** A server 400's issue path → the form field that shows its message. */
export function applicationFieldOf(path: string): ApplicationField | undefined {
  if (Object.hasOwn(SERVER_TO_FORM, path)) return SERVER_TO_FORM[path];
  return Object.hasOwn(FORM_FIELDS, path) ? (path as ApplicationField) : undefined;
}
