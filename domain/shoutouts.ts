import * as v from 'valibot';
import { optionalText, required } from './fields';

export const NewShoutoutFieldsSchema = v.object({
  nameOptional: optionalText(80, 'Please keep your name under 80 characters.'),
});

/** POST /api/shoutouts as JSON: a finished resumable upload of purpose `shoutout` (docs/api.md). */
export const NewShoutoutJsonSchema = v.object({
  audioUrl: required('audioUrl must name a finished shoutout upload', v.pipe(v.string('audioUrl must name a finished shoutout upload'), v.trim())),
  nameOptional: optionalText(80, 'Please keep your name under 80 characters.'),
});

export const ShoutoutModerationSchema = v.object({
  approved: required('approved must be true or false', v.boolean('approved must be true or false')),
});

export const ShoutoutSchema = v.object({
  id: v.string(),
  nameOptional: v.nullable(v.string()),
  audioUrl: v.string(),
  approved: v.boolean(),
  createdAt: v.string(),
  /** When an admin last approved or rejected it; null while it waits for review. */
  reviewedAt: v.optional(v.nullable(v.string())),
});
export type Shoutout = v.InferOutput<typeof ShoutoutSchema>;
