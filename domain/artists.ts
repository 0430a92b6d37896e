import * as v from 'valibot';
import { COUNTRY_CODES } from './countries';
import { optionalPublicUrl, required, requiredText } from './fields';

export const ARTIST_NAME_MAX = 120;
export const ARTIST_BIO_MAX = 2000;

export const SOCIAL_KEYS = ['instagram', 'spotify', 'youtube', 'soundcloud'] as const;
export type SocialKey = (typeof SOCIAL_KEYS)[number];

const socialUrl = (label: string) => optionalPublicUrl(`Valid ${label} URL is required`);

export const SocialsInput = v.pipe(
  v.optional(
    v.nullable(
      v.object({
        instagram: socialUrl('Instagram'),
        spotify: socialUrl('Spotify'),
        youtube: socialUrl('YouTube'),
        soundcloud: socialUrl('SoundCloud'),
      }),
    ),
    null,
  ),
  v.transform((s) => {
    const out: Partial<Record<SocialKey, string>> = {};
    if (s) for (const key of SOCIAL_KEYS) if (s[key]) out[key] = s[key];
    return out;
  }),
);

/** POST /api/artists: what an artist may send. approved/featured are never read from it. */
export const NewArtistSchema = v.object({
  name: requiredText('Artist name is required', ARTIST_NAME_MAX),
  bio: requiredText('Bio is required', ARTIST_BIO_MAX),
  countryCode: required('Country is required', v.picklist(COUNTRY_CODES, 'Country is required')),
  photoUrl: optionalPublicUrl('Valid photo URL is required'),
  socials: SocialsInput,
});
export type NewArtist = v.InferOutput<typeof NewArtistSchema>;

/** PATCH /api/artists/:id (admin). Reject = { approved: false, featured: false }. */
export const ArtistModerationSchema = v.pipe(
  v.object({
    approved: v.optional(v.boolean('approved must be true or false')),
    featured: v.optional(v.boolean('featured must be true or false')),
  }),
  v.check((p) => p.approved !== undefined || p.featured !== undefined, 'Nothing to change'),
);
export type ArtistModeration = v.InferOutput<typeof ArtistModerationSchema>;

export const ArtistSchema = v.object({
  id: v.string(),
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(ARTIST_NAME_MAX)),
  bio: v.pipe(v.string(), v.maxLength(ARTIST_BIO_MAX)),
  countryCode: v.picklist(COUNTRY_CODES),
  photoUrl: v.nullable(v.string()),
  featured: v.boolean(),
  socials: v.object({
    instagram: v.optional(v.string()),
    spotify: v.optional(v.string()),
    youtube: v.optional(v.string()),
    soundcloud: v.optional(v.string()),
  }),
  approved: v.boolean(),
  createdAt: v.string(),
  /** When an admin last approved or rejected it; null while it waits for review. */
  reviewedAt: v.optional(v.nullable(v.string())),
});
export type Artist = v.InferOutput<typeof ArtistSchema>;

/** GET /api/artists query. 'all' or absent means no filter (docs/product.md#validation-messages). */
export interface ArtistFilter {
  approved?: boolean;
  /** Admin only: not approved and not yet reviewed (the moderation queue). */
  pending?: boolean;
  country?: string;
  q?: string;
  genre?: string;
}
