import * as v from 'valibot';
import { isoDateTime, optionalPublicUrl, optionalText, requiredText } from './fields';

export const NewEventSchema = v.object({
  title: requiredText('Event title is required', 160),
  imageUrl: optionalPublicUrl('Valid image URL is required'),
  startIso: isoDateTime('Start date and time are required'),
  locationText: v.pipe(optionalText(200), v.transform((s) => s ?? '')),
  priceFrom: v.pipe(
    v.optional(v.nullable(v.number('Price must be a number')), null),
    v.check((n) => n === null || (Number.isFinite(n) && n >= 0 && n <= 1_000_000), 'Price must be zero or more'),
  ),
  ticketUrl: optionalPublicUrl('Valid ticket URL is required'),
  isPublic: v.optional(v.boolean('isPublic must be true or false'), true),
});
export type NewEvent = v.InferOutput<typeof NewEventSchema>;

export const EventSchema = v.object({
  id: v.string(),
  title: v.string(),
  imageUrl: v.nullable(v.string()),
  startIso: v.string(),
  locationText: v.string(),
  priceFrom: v.nullable(v.number()),
  ticketUrl: v.nullable(v.string()),
  isPublic: v.boolean(),
});
export type Event = v.InferOutput<typeof EventSchema>;
