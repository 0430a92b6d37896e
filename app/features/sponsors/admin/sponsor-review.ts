import { SPONSOR_TIERS, type SponsorTier } from '../../../../domain/catalog';
import { displayTier, type Sponsor } from '../../../../domain/sponsors';

export interface ApplicationNotes {
  email: string | null;
  budget: string | null;
  goals: string | null;
  message: string | null;
  /** Lines that are none of the above (notes written by hand, or an older format). */
  other: string[];
}

const LABELS = { email: 'email', budget: 'budget', goals: 'goals', message: 'message' } as const;

/**
 * Reads the notes an application was stored with ('Email: …', 'Budget: …', 'Goals: …',
 * 'Message: …', one per line: domain/sponsors.ts composeSponsorNotes). A line without a known
 * label continues the field above it (goals and messages may span lines), or is kept as-is.
 */
export function parseApplicationNotes(notes: string | null | undefined): ApplicationNotes {
  const out: ApplicationNotes = { email: null, budget: null, goals: null, message: null, other: [] };
  let last: keyof typeof LABELS | null = null;
  for (const line of (notes ?? '').split(/\r?\n/)) {
    const m = /^\s*(email|budget|goals|message)\s*:\s*(.*)$/i.exec(line);
    if (m) {
      last = m[1]!.toLowerCase() as keyof typeof LABELS;
      out[last] = m[2]!.trim();
    } else if (last && out[last] !== null) {
      out[last] = `${out[last]}\n${line}`.trim();
    } else if (line.trim()) {
      out.other.push(line.trim());
    }
  }
  return out;
}

const TIER_ORDER: Record<SponsorTier, number> = { premium: 0, standard: 1, supporting: 2 };

/** Applications (inactive) first, newest first; then active sponsors by tier and name. */
export function splitSponsors<S extends Pick<Sponsor, 'active' | 'tier' | 'name' | 'createdAt'>>(sponsors: readonly S[]): { applications: S[]; active: S[] } {
  const applications = sponsors.filter((s) => !s.active).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const active = sponsors
    .filter((s) => s.active)
    .sort((a, b) => TIER_ORDER[displayTier(a.tier)] - TIER_ORDER[displayTier(b.tier)] || a.name.localeCompare(b.name));
  return { applications, active };
}

/** The tier as the public page groups it (docs/product.md#screens). */
export const TIER_LABELS: Record<SponsorTier, string> = {
  premium: 'Premium Partner',
  standard: 'Supporting Partner',
  supporting: 'Community Supporter',
};

export const TIER_OPTIONS = SPONSOR_TIERS.map((tier) => ({ tier, label: `${TIER_LABELS[tier]} (${tier})` }));
