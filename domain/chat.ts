import * as v from 'valibot';
import { required } from './fields';

/** Live chat (docs/api.md "Live chat"): one room per tenant, text only. */
export const CHAT_NAME_MAX = 30;
export const CHAT_TEXT_MAX = 280;
/** GET /api/chat/messages: this many of the latest shown messages. */
export const CHAT_HISTORY = 50;
/** Messages (with their reports) are deleted after this long. */
export const CHAT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** 'Mute for 24 hours'. */
export const CHAT_MUTE_MS = 24 * 60 * 60 * 1000;
/** Reports from this many devices hide a message until a moderator looks. */
export const CHAT_REPORTS_TO_HOLD = 3;
/** The same text from the same sender within this long is refused. */
export const CHAT_DUPLICATE_MS = 60_000;
/** Per sender device: one message every 3 s, a burst of 5. */
export const CHAT_RATE = { intervalMs: 3_000, burst: 5 } as const;
/**
 * Per client address: ten times the sender's allowance, because Caribbean carriers put many
 * phones behind one address (carrier-grade NAT).
 */
export const CHAT_ADDRESS_FACTOR = 10;
/** The anonymous per-install id the app sends (a UUID it makes once and keeps). */
export const DEVICE_ID_HEADER = 'X-Device-Id';

export const CHAT_MESSAGES = {
  name: 'Please enter your name',
  nameTooLong: `Please keep your name under ${CHAT_NAME_MAX + 1} characters`,
  text: 'Please enter a message',
  textTooLong: `Please keep your message under ${CHAT_TEXT_MAX + 1} characters`,
  link: 'Links are not allowed in the chat',
  duplicate: 'You sent that message a moment ago',
  muted: 'You are muted',
  tooFast: 'You are sending messages too fast; please wait a moment',
  slowMode: 'Slow mode is on; please wait before your next message',
  device: 'This app needs a device id (X-Device-Id) to chat',
  notFound: 'Message not found',
  disabled: 'Live chat is off on this station',
} as const;

// Schemes, www., and a name followed by a common top-level domain ("bit.ly/x", "spam.com").
// A list of endings rather than any ".xx": "Mr.Jones" and "9.30" stay ordinary text.
const LINK =
  /(?:\b[a-z][a-z0-9+.-]*:\/\/|\bwww\.|\b[a-z0-9-]+\.(?:com|net|org|info|biz|io|co|me|ly|gy|tt|jm|bb|lc|vc|gd|ag|dm|kn|bs|ky|us|uk|ca|tv|gg|xyz|app|link|site|online|shop|live|club|top|ru|cn|to|cc|ws|be|in|de)\b)/i;

/** True when the text carries a link: listeners' messages never do (docs/api.md "Live chat"). */
export const containsLink = (text: string): boolean => LINK.test(text);

/** POST /api/chat/messages. */
export const NewChatMessageSchema = v.object({
  name: required(CHAT_MESSAGES.name, v.pipe(v.string(CHAT_MESSAGES.name), v.trim(), v.nonEmpty(CHAT_MESSAGES.name), v.maxLength(CHAT_NAME_MAX, CHAT_MESSAGES.nameTooLong))),
  text: required(
    CHAT_MESSAGES.text,
    v.pipe(
      v.string(CHAT_MESSAGES.text),
      v.trim(),
      v.nonEmpty(CHAT_MESSAGES.text),
      v.maxLength(CHAT_TEXT_MAX, CHAT_MESSAGES.textTooLong),
      v.check((text) => !containsLink(text), CHAT_MESSAGES.link),
    ),
  ),
});
export type NewChatMessage = v.InferOutput<typeof NewChatMessageSchema>;

/** One shown message, as every listener gets it: never an address or a device id. */
export const ChatMessageSchema = v.object({
  id: v.string(),
  name: v.string(),
  text: v.string(),
  /** ISO time it was sent. */
  at: v.string(),
  /** Sent by staff signed in with a passkey: the 'Host' badge. */
  host: v.boolean(),
  pinned: v.boolean(),
});
export type ChatMessage = v.InferOutput<typeof ChatMessageSchema>;

/** 202: the word list held it for a moderator. */
export const ChatHeldSchema = v.object({ id: v.string(), held: v.literal(true) });
export type ChatHeld = v.InferOutput<typeof ChatHeldSchema>;

/** POST /api/chat/mutes and PUT /api/chat/pin. */
export const ChatMessageRefSchema = v.object({ messageId: v.pipe(v.string('messageId is required'), v.nonEmpty('messageId is required'), v.maxLength(64)) });

/** 201 of a mute: until when its sender is muted. */
export const ChatMuteSchema = v.object({ messageId: v.string(), until: v.string() });
export type ChatMute = v.InferOutput<typeof ChatMuteSchema>;

/** The moderation tab: a held or reported message, with why it waits. */
export const ChatReviewItemSchema = v.object({
  ...ChatMessageSchema.entries,
  /** Held by the word list or by reports: not shown until approved. */
  held: v.boolean(),
  reports: v.number(),
});
export type ChatReviewItem = v.InferOutput<typeof ChatReviewItemSchema>;

/** PATCH /api/chat/messages/{id} by a moderator: show a held message after all. */
export const ChatReleaseSchema = v.object({ held: v.literal(false, 'Send {"held": false} to show it') });

/** What the event stream carries (GET /api/chat/events), as one change bus payload. */
export type ChatEvent = { type: 'message'; message: ChatMessage } | { type: 'hidden'; id: string } | { type: 'pinned'; id: string | null };

