import * as v from 'valibot';
import { optionalText } from './fields';

export const PRAYER_TEXT_MAX = 2000;
export const PRAYER_NAME_MAX = 80;

export const PRAYER_MESSAGES = {
  textTitle: 'Prayer Text Required',
  text: 'Please enter your prayer request before submitting.',
  consentTitle: 'Consent Required',
  consent: 'Please provide consent to share your prayer request.',
  tooLong: `Please keep your prayer under ${PRAYER_TEXT_MAX} characters.`,
} as const;

/** POST /api/prayers. hearts and approved are never read from a visitor. */
export const NewPrayerSchema = v.object({
  text: v.pipe(
    v.string(PRAYER_MESSAGES.text),
    v.trim(),
    v.nonEmpty(PRAYER_MESSAGES.text),
    v.maxLength(PRAYER_TEXT_MAX, PRAYER_MESSAGES.tooLong),
  ),
  nameOptional: optionalText(PRAYER_NAME_MAX, `Please keep your name under ${PRAYER_NAME_MAX} characters.`),
});
export type NewPrayer = v.InferOutput<typeof NewPrayerSchema>;

/** PATCH /api/prayers/:id by an admin. */
export const PrayerModerationSchema = v.object({
  approved: v.boolean('approved must be true or false'),
});

export const PrayerSchema = v.object({
  id: v.string(),
  text: v.pipe(v.string(), v.minLength(1), v.maxLength(PRAYER_TEXT_MAX)),
  nameOptional: v.nullable(v.string()),
  hearts: v.pipe(v.number(), v.integer(), v.minValue(0)),
  createdAt: v.string(),
  approved: v.boolean(),
  /** When an admin last approved or rejected it; null while it waits for review. */
  reviewedAt: v.optional(v.nullable(v.string())),
});
export type Prayer = v.InferOutput<typeof PrayerSchema>;

export interface PrayerHearts {
  id: string;
  hearts: number;
}
