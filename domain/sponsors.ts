import * as v from 'valibot';
import { BUDGET_OPTIONS, SPONSOR_TIERS, type SponsorTier } from './catalog';
import { isHttpUrl, optionalPublicUrl, requiredText } from './fields';

export const SPONSOR_NOTES_MAX = 5000;

export const SPONSOR_MESSAGES = {
  name: 'Company name is required',
  email: 'Valid email is required',
  website: 'Valid website URL is required',
  tier: 'Sponsorship tier is required',
  budget: 'Budget range is required',
  goals: 'Please provide more details about your goals',
} as const;

/** The 'Partnership Application' form as the visitor fills it (docs/product.md#screens, docs/product.md#validation-messages). */
export const SponsorApplicationFormSchema = v.object({
  companyName: requiredText(SPONSOR_MESSAGES.name, 160),
  email: v.pipe(v.string(SPONSOR_MESSAGES.email), v.trim(), v.email(SPONSOR_MESSAGES.email), v.maxLength(254, SPONSOR_MESSAGES.email)),
  website: v.pipe(
    v.string(SPONSOR_MESSAGES.website),
    v.trim(),
    v.check((s) => s === '' || (isHttpUrl(s) && !s.startsWith('/')), SPONSOR_MESSAGES.website),
  ),
  tier: v.picklist(SPONSOR_TIERS, SPONSOR_MESSAGES.tier),
  budget: v.picklist(BUDGET_OPTIONS, SPONSOR_MESSAGES.budget),
  goals: v.pipe(v.string(SPONSOR_MESSAGES.goals), v.trim(), v.minLength(20, SPONSOR_MESSAGES.goals), v.maxLength(2000)),
  message: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(2000)),
});
export type SponsorApplicationForm = v.InferOutput<typeof SponsorApplicationFormSchema>;

/** docs/product.md#entities: one text combining email, budget, goals and the optional message. */
export function composeSponsorNotes(form: Pick<SponsorApplicationForm, 'email' | 'budget' | 'goals' | 'message'>): string {
  const lines = [`Email: ${form.email}`, `Budget: ${form.budget}`, `Goals: ${form.goals}`];
  if (form.message) lines.push(`Message: ${form.message}`);
  return lines.join('\n');
}

/** The payload of POST /api/sponsors: name, tier, targetUrl|null, notes, active. */
export function sponsorApplicationPayload(form: SponsorApplicationForm): NewSponsorInput {
  return {
    name: form.companyName,
    tier: form.tier,
    targetUrl: form.website === '' ? null : form.website,
    notes: composeSponsorNotes(form),
    active: false,
  };
}

export interface NewSponsorInput {
  name: string;
  tier: SponsorTier;
  targetUrl: string | null;
  notes: string;
  active: boolean;
}

/** What the server accepts on POST /api/sponsors. `active` is read but always stored false. */
export const NewSponsorSchema = v.object({
  name: requiredText(SPONSOR_MESSAGES.name, 160),
  tier: v.picklist(SPONSOR_TIERS, SPONSOR_MESSAGES.tier),
  targetUrl: optionalPublicUrl(SPONSOR_MESSAGES.website),
  notes: v.pipe(v.optional(v.nullable(v.string()), ''), v.transform((s) => (s ?? '').trim()), v.maxLength(SPONSOR_NOTES_MAX)),
  active: v.optional(v.unknown()),
});
export type NewSponsor = v.InferOutput<typeof NewSponsorSchema>;

/** PATCH /api/sponsors/:id (admin): review an application, set tier, logo and link. */
export const SponsorPatchSchema = v.object({
  name: v.optional(requiredText(SPONSOR_MESSAGES.name, 160)),
  tier: v.optional(v.picklist(SPONSOR_TIERS, SPONSOR_MESSAGES.tier)),
  imageUrl: v.optional(optionalPublicUrl('Valid logo URL is required')),
  targetUrl: v.optional(optionalPublicUrl(SPONSOR_MESSAGES.website)),
  notes: v.optional(v.pipe(v.string(), v.maxLength(SPONSOR_NOTES_MAX))),
  active: v.optional(v.boolean('active must be true or false')),
});
export type SponsorPatch = v.InferOutput<typeof SponsorPatchSchema>;

export const SponsorSchema = v.object({
  id: v.string(),
  name: v.string(),
  tier: v.picklist(SPONSOR_TIERS),
  imageUrl: v.nullable(v.string()),
  notes: v.optional(v.string()),
  targetUrl: v.nullable(v.string()),
  active: v.boolean(),
  createdAt: v.string(),
});
export type Sponsor = v.InferOutput<typeof SponsorSchema>;

/** docs/product.md#entities: anything but premium or standard is treated as supporting. */
export function displayTier(tier: string): SponsorTier {
  return tier === 'premium' || tier === 'standard' ? tier : 'supporting';
}
