import * as v from 'valibot';
import { AD_SLOTS } from './catalog';
import { COUNTRY_CODES } from './countries';
import { publicUrl, optionalText } from './fields';

const uniq = <T>(items: T[]): T[] => [...new Set(items)];

export const NewAdSchema = v.object({
  imageUrl: publicUrl('Valid image URL is required'),
  targetUrl: publicUrl('Valid target URL is required'),
  alt: v.pipe(optionalText(200), v.transform((s) => s ?? '')),
  slots: v.pipe(
    v.array(v.picklist(AD_SLOTS, 'Unknown ad slot'), 'Pick at least one slot'),
    v.minLength(1, 'Pick at least one slot'),
    v.transform(uniq),
  ),
  countries: v.pipe(
    v.optional(v.array(v.picklist(COUNTRY_CODES, 'Unknown country'), 'Countries must be a list'), []),
    v.transform(uniq),
  ),
  active: v.optional(v.boolean('active must be true or false'), true),
});
export type NewAd = v.InferOutput<typeof NewAdSchema>;

export const AdPatchSchema = v.partial(NewAdSchema);
export type AdPatch = v.InferOutput<typeof AdPatchSchema>;

export const AdSchema = v.object({
  id: v.string(),
  imageUrl: v.string(),
  targetUrl: v.string(),
  alt: v.string(),
  slots: v.array(v.picklist(AD_SLOTS)),
  countries: v.array(v.picklist(COUNTRY_CODES)),
  active: v.boolean(),
  impressions: v.number(),
  clicks: v.number(),
  createdAt: v.string(),
});
export type Ad = v.InferOutput<typeof AdSchema>;

/** What GET /api/ads/serve hands a visitor: no counts. */
export type ServedAd = Pick<Ad, 'id' | 'imageUrl' | 'targetUrl' | 'alt'>;

export const AD_SIZES = {
  leaderboard: { width: 728, height: 90 },
  sidebar: { width: 300, height: 250 },
} as const;
