import { CHAT_MESSAGES } from '../../../domain/chat';
import type { Deps } from '../../http/context';
import { DELETED, operationsWith, RETRY_AFTER, type OperationDef, type ParamDoc, type RequestDoc } from '../../http/operation';
import { chatEvents } from './chat.events';
import { chatService } from './chat.service';

function setup(deps: Deps) {
  const service = chatService(deps);
  return { service, events: chatEvents(service.bus) };
}

const op = operationsWith(setup, { tag: 'chat' });

/** A moderator's write (docs/api.md "Live chat"): the moderation area's roles, and the kept public answers stay kept. */
const moderatorWrite = <B extends RequestDoc | undefined = undefined>(def: Omit<OperationDef<ReturnType<typeof setup>, B>, 'role' | 'keepsPublicAnswers'>) =>
  op<B>({ ...def, role: 'moderation', keepsPublicAnswers: true });

const DEVICE_ID: ParamDoc = {
  name: 'X-Device-Id',
  description: "The app's anonymous per-install id (a UUID it makes once and keeps): limits, mutes and reports count by it. Never returned.",
  schema: { type: 'string', format: 'uuid' },
  required: true,
};
const NOT_FOUND = { description: `No such message, or chat is off on this station ("${CHAT_MESSAGES.disabled}").`, json: 'Error' as const };
const ITEM = '/api/chat/messages/{id}';

/** docs/api.md, Live chat. */
export const CHAT_OPERATIONS = [
  op({
    method: 'get', path: '/api/chat/messages', summary: 'The last 50 shown chat messages, oldest first',
    description: 'The pinned message comes first when it is older than those 50. `Cache-Control: no-store`.',
    responses: { 200: { description: 'Messages.', json: { listOf: 'ChatMessage' } }, 404: NOT_FOUND },
    handle: async (ctx, { service }) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await service.list(ctx.state.tenant);
    },
  }),
  op({
    method: 'get', path: '/api/chat/events', summary: 'Chat as Server-Sent Events',
    description:
      'Events `message` (a ChatMessage, sent unnamed: EventSource dispatches an event without a name as `message`), `hidden` (`{id}`: take it off the screen) and `pinned` (`{id}` or `null`), from every server process; a `:` heartbeat every 25 s and a `retry:` of 3–8 s. Nothing is replayed: on (re)connect, read GET /api/chat/messages. Over 100 streams from one address: 429; over 10,000 in the process: 503.',
    responses: {
      200: { description: 'An endless event stream.', content: { 'text/event-stream': { type: 'string' } } },
      404: NOT_FOUND,
      429: { description: 'Too many streams from this address.', json: 'Error', headers: RETRY_AFTER },
      503: { description: 'Too many streams on this server.', json: 'Error', headers: RETRY_AFTER },
    },
    handle: async (ctx, { service, events }) => {
      await service.open(ctx.state.tenant);
      await events(ctx);
    },
  }),
  op({
    method: 'post', path: '/api/chat/messages', summary: 'Send a chat message',
    description:
      'Limits per sender device and per address (docs/api.md "Live chat"): one message every 3 s with a burst of 5 per device, ten times that per address (carrier NAT); slow mode (`chatSlowModeSeconds`) per device; the same text twice in a minute is refused. Staff signed in with a passkey post as `host` and skip the word list, slow mode and mutes.',
    headers: [DEVICE_ID],
    idempotent: true,
    keepsPublicAnswers: true,
    body: { json: 'NewChatMessage' },
    responses: {
      201: { description: 'Shown to everyone.', json: 'ChatMessage' },
      202: { description: 'A word of the word list: held for a moderator.', json: 'ChatHeld' },
      400: { description: 'Blank, too long, a link, the same text again, or no device id.', json: 'Error' },
      403: { description: `"${CHAT_MESSAGES.muted}".`, json: 'Error' },
      404: NOT_FOUND,
      429: { description: 'Too fast, or slow mode.', json: 'Error', headers: RETRY_AFTER },
    },
    handle: async (ctx, { service }, input) => {
      const answer = await service.post(ctx, input);
      ctx.status = answer.status;
      ctx.body = answer.body;
    },
  }),
  op({
    method: 'post', path: `${ITEM}/report`, summary: 'Report a message',
    description: 'One report per device; the third device to report it hides it for review.',
    headers: [DEVICE_ID],
    rateLimit: true,
    keepsPublicAnswers: true,
    responses: { 204: { description: 'Reported.' }, 400: { description: 'No device id.', json: 'Error' }, 404: NOT_FOUND },
    handle: async (ctx, { service }) => {
      await service.report(ctx, ctx.params.id!);
      ctx.status = 204;
    },
  }),
  moderatorWrite({
    method: 'delete', path: ITEM, summary: 'Hide a message from every listener',
    responses: { 204: DELETED, 404: NOT_FOUND },
    handle: async (ctx, { service }) => {
      await service.hide(ctx, ctx.params.id!);
      ctx.status = 204;
    },
  }),
  moderatorWrite({
    method: 'patch', path: ITEM, summary: 'Show a held or reported message after all',
    body: { json: 'ChatRelease' },
    responses: { 200: { description: 'Shown to everyone.', json: 'ChatMessage' }, 404: NOT_FOUND },
    handle: async (ctx, { service }) => {
      ctx.body = await service.release(ctx, ctx.params.id!);
    },
  }),
  op({
    method: 'get', path: '/api/chat/review', summary: 'Held and reported messages, oldest first',
    role: 'moderation',
    responses: { 200: { description: 'The moderation tab.', json: { listOf: 'ChatReviewItem' } } },
    handle: async (ctx, { service }) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await service.review(ctx.state.tenant);
    },
  }),
  moderatorWrite({
    method: 'post', path: '/api/chat/mutes', summary: "Mute a message's sender for 24 hours",
    description: 'Their device and their address.',
    body: { json: 'ChatMessageRef' },
    responses: { 201: { description: 'Muted.', json: 'ChatMute' }, 404: NOT_FOUND },
    handle: async (ctx, { service }, input) => {
      ctx.status = 201;
      ctx.body = await service.mute(ctx, input.messageId);
    },
  }),
  moderatorWrite({
    method: 'put', path: '/api/chat/pin', summary: 'Pin one message above the chat',
    body: { json: 'ChatMessageRef' },
    responses: { 200: { description: 'The pinned message.', json: 'ChatMessage' }, 404: NOT_FOUND },
    handle: async (ctx, { service }, input) => {
      ctx.body = await service.pin(ctx, input.messageId);
    },
  }),
  moderatorWrite({
    method: 'delete', path: '/api/chat/pin', summary: 'Unpin',
    responses: { 204: { description: 'No message is pinned.' } },
    handle: async (ctx, { service }) => {
      await service.unpin(ctx);
      ctx.status = 204;
    },
  }),
];
