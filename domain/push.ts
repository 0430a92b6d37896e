import * as v from 'valibot';
import { MAX_URL_LENGTH } from './fields';

/** docs/api.md "Reminders by Web Push": a reminder is sent this long before a show starts. */
export const REMINDER_MINUTES_BEFORE = 10;
/** The notification's body: the show's description, cut to this many characters. */
export const REMINDER_BODY_MAX = 120;
/** How many shows one subscription may follow (more than any station's week holds). */
export const MAX_REMINDER_SHOWS = 200;

export const PUSH_MESSAGES = {
  endpoint: 'A push subscription endpoint URL is required',
  keys: 'A push subscription needs its p256dh and auth keys',
  showIds: 'showIds must be a list of show ids',
  unknownShow: 'Unknown show',
} as const;

// RFC 8291: p256dh is an uncompressed P-256 point (65 bytes, first byte 0x04, so 'B' in
// base64url) and auth a 16-byte secret; browsers send both base64url without padding.
const P256DH = /^B[A-Za-z0-9_-]{86}=?$/;
const AUTH = /^[A-Za-z0-9_-]{22}(==)?$/;

const endpoint = v.pipe(v.string(PUSH_MESSAGES.endpoint), v.trim(), v.nonEmpty(PUSH_MESSAGES.endpoint), v.maxLength(MAX_URL_LENGTH, PUSH_MESSAGES.endpoint));

export const PushSubscriptionSchema = v.object({
  endpoint,
  keys: v.object(
    {
      p256dh: v.pipe(v.string(PUSH_MESSAGES.keys), v.regex(P256DH, PUSH_MESSAGES.keys)),
      auth: v.pipe(v.string(PUSH_MESSAGES.keys), v.regex(AUTH, PUSH_MESSAGES.keys)),
    },
    PUSH_MESSAGES.keys,
  ),
});
export type PushSubscriptionKeys = v.InferOutput<typeof PushSubscriptionSchema>;

/** POST /api/push/subscriptions: the browser's subscription and the shows it follows. */
export const NewPushSubscriptionSchema = v.object({
  subscription: PushSubscriptionSchema,
  showIds: v.pipe(
    v.array(v.pipe(v.string(PUSH_MESSAGES.showIds), v.nonEmpty(PUSH_MESSAGES.showIds), v.maxLength(64, PUSH_MESSAGES.showIds)), PUSH_MESSAGES.showIds),
    v.maxLength(MAX_REMINDER_SHOWS, PUSH_MESSAGES.showIds),
    v.transform((ids) => [...new Set(ids)]),
  ),
});
export type NewPushSubscription = v.InferOutput<typeof NewPushSubscriptionSchema>;

/** DELETE /api/push/subscriptions. */
export const PushUnsubscribeSchema = v.object({ endpoint });

export const PushSubscriptionAnswerSchema = v.object({ id: v.string(), showIds: v.array(v.string()) });
export type PushSubscriptionAnswer = v.InferOutput<typeof PushSubscriptionAnswerSchema>;

export const PushKeySchema = v.object({ publicKey: v.string() });
export type PushKey = v.InferOutput<typeof PushKeySchema>;

/** The decrypted payload of a reminder push (docs/api.md); the service worker shows it. */
export interface ReminderPayload {
  title: string;
  body: string;
  /** The radio page of the show's tenant. */
  url: string;
  showId: string;
  /** ISO 8601. */
  startsAt: string;
}

export const reminderTitle = (showTitle: string): string => `${showTitle} starts in ${REMINDER_MINUTES_BEFORE} minutes`;

export function reminderBody(description: string): string {
  const text = description.trim();
  // By code points, so an emoji or accented letter is never cut in half.
  const chars = Array.from(text);
  return chars.length <= REMINDER_BODY_MAX ? text : chars.slice(0, REMINDER_BODY_MAX).join('');
}
