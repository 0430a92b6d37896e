import { createHash } from 'node:crypto';
import {
  CHAT_ADDRESS_FACTOR,
  CHAT_DUPLICATE_MS,
  CHAT_HISTORY,
  CHAT_MESSAGES,
  CHAT_MUTE_MS,
  CHAT_RATE,
  CHAT_REPORTS_TO_HOLD,
  CHAT_RETENTION_MS,
  type ChatEvent,
  type ChatHeld,
  type ChatMessage,
  type ChatMute,
  type NewChatMessage,
} from '../../../domain/chat';
import type { Tenant } from '../../../domain/tenants';
import { findListedWord } from '../../../domain/word-list';
import { localChangeBus, type ChangeBus } from '../../db/change-bus';
import { newId, nowIso } from '../../db/rows';
import { loadSettings } from '../../db/settings-store';
import { withActivity } from '../../http/admin-crud';
import { limitKey } from '../../http/client-address';
import type { AppContext, Deps } from '../../http/context';
import { badRequest, forbidden, notFound, tooManyRequests } from '../../http/errors';
import { chatRepository, type StoredChatMessage } from './chat.repository';

/** Old messages are deleted on a write, at most this often per process. */
const PRUNE_EVERY_MS = 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The X-Device-Id a listener's app sends: a UUID, or a 400. */
export function deviceIdOf(ctx: AppContext): string {
  const id = ctx.get('x-device-id').trim();
  if (!UUID.test(id)) throw badRequest(CHAT_MESSAGES.device);
  return id.toLowerCase();
}

/** Addresses are kept only as a hash of their limit key (IPv6: the /64), for mutes and limits. */
const addressHashOf = (ctx: AppContext): string => createHash('sha256').update(`chat|${limitKey(ctx.state.clientAddress)}`).digest('hex').slice(0, 32);

/** Staff signed in with a passkey post as hosts ('Host' badge); the shared admin key is no person. */
const isHost = (ctx: AppContext): boolean => ctx.state.actor?.via === 'passkey';

export type PostAnswer = { status: 201; body: ChatMessage } | { status: 202; body: ChatHeld };

/** The rules of the live chat (docs/api.md "Live chat"); routes stay thin. */
export function chatService(deps: Deps) {
  const bus: ChangeBus = deps.bus ?? localChangeBus();
  const repo = chatRepository(deps.db);
  let prunedAt = 0;

  const tell = (tenant: Tenant, event: ChatEvent) => bus.publish({ topic: 'chat', tenant, event });

  async function settingsOf(tenant: Tenant) {
    const settings = await loadSettings(deps.db, tenant);
    if (!settings.enableChat) throw notFound(CHAT_MESSAGES.disabled);
    return settings;
  }

  async function pruneNow(now: number): Promise<void> {
    if (now - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now;
    await repo.prune(now - CHAT_RETENTION_MS, now);
  }

  async function existing(tenant: Tenant, id: string): Promise<StoredChatMessage> {
    const found = await repo.find(tenant, id);
    if (!found || found.hidden) throw notFound(CHAT_MESSAGES.notFound);
    return found;
  }

  /** Waits `ms` out as a 429 with Retry-After in whole seconds. */
  const refuse = (ms: number, message: string) => tooManyRequests(Math.ceil(ms / 1000), message);

  return {
    bus,
    open: settingsOf,

    async list(tenant: Tenant): Promise<ChatMessage[]> {
      await settingsOf(tenant);
      return repo.latestShown(tenant, CHAT_HISTORY);
    },

    async post(ctx: AppContext, input: NewChatMessage): Promise<PostAnswer> {
      const tenant = ctx.state.tenant;
      const settings = await settingsOf(tenant);
      const deviceId = deviceIdOf(ctx);
      const addressHash = addressHashOf(ctx);
      const host = isHost(ctx);
      const now = deps.now();
      await pruneNow(now);
      if (!host && (await repo.mutedUntil(tenant, deviceId, addressHash, now)) !== null) throw forbidden(CHAT_MESSAGES.muted);
      if (await repo.sentRecently(tenant, deviceId, input.text, now - CHAT_DUPLICATE_MS)) throw badRequest(CHAT_MESSAGES.duplicate, [{ path: 'text', message: CHAT_MESSAGES.duplicate }]);
      if (!host && settings.chatSlowModeSeconds > 0) {
        const last = await repo.lastSentMs(tenant, deviceId);
        const wait = last === null ? 0 : last + settings.chatSlowModeSeconds * 1000 - now;
        if (wait > 0) throw refuse(wait, CHAT_MESSAGES.slowMode);
      }
      const senderWait = await repo.take(`d|${tenant}|${deviceId}`, now, CHAT_RATE.intervalMs, CHAT_RATE.burst);
      if (senderWait > 0) throw refuse(senderWait, CHAT_MESSAGES.tooFast);
      const addressWait = await repo.take(`a|${tenant}|${addressHash}`, now, CHAT_RATE.intervalMs / CHAT_ADDRESS_FACTOR, CHAT_RATE.burst * CHAT_ADDRESS_FACTOR);
      if (addressWait > 0) throw refuse(addressWait, CHAT_MESSAGES.tooFast);

      const held = !host && findListedWord(`${input.name}\n${input.text}`, settings.chatWordList) !== null;
      const message = await repo.insert({ id: newId(), tenant, name: input.name, text: input.text, deviceId, addressHash, host, held, createdMs: now });
      if (held) return { status: 202, body: { id: message.id, held: true } };
      tell(tenant, { type: 'message', message });
      return { status: 201, body: message };
    },

    /** A third report from a third device holds it for review and takes it off every screen. */
    async report(ctx: AppContext, id: string): Promise<void> {
      const tenant = ctx.state.tenant;
      await settingsOf(tenant);
      const deviceId = deviceIdOf(ctx);
      const found = await existing(tenant, id);
      const count = await repo.report(id, deviceId);
      if (count === null || found.held || count < CHAT_REPORTS_TO_HOLD) return;
      await repo.setHeld(tenant, id, true);
      tell(tenant, { type: 'hidden', id });
    },

    async hide(ctx: AppContext, id: string): Promise<void> {
      const tenant = ctx.state.tenant;
      const found = await existing(tenant, id);
      let unpinned = false;
      await withActivity(
        deps,
        ctx,
        async (trx) => {
          const r = chatRepository(trx);
          await r.hide(tenant, id);
          if (found.message.pinned) unpinned = (await r.unpin(tenant)) !== null;
        },
        () => ({ action: 'chat.hide', target: { type: 'chat-message', id }, summary: `hid chat message from ${found.message.name}: ${found.message.text.slice(0, 80)}` }),
      );
      tell(tenant, { type: 'hidden', id });
      if (unpinned) tell(tenant, { type: 'pinned', id: null });
    },

    async mute(ctx: AppContext, messageId: string): Promise<ChatMute> {
      const tenant = ctx.state.tenant;
      const found = await repo.find(tenant, messageId);
      if (!found) throw notFound(CHAT_MESSAGES.notFound);
      const until = deps.now() + CHAT_MUTE_MS;
      await withActivity(
        deps,
        ctx,
        (trx) => chatRepository(trx).mute(tenant, found.deviceId, found.addressHash, until),
        () => ({ action: 'chat.mute', target: { type: 'chat-message', id: messageId }, summary: `muted chat sender ${found.message.name} for 24 hours` }),
      );
      return { messageId, until: nowIso(until) };
    },

    async pin(ctx: AppContext, messageId: string): Promise<ChatMessage> {
      const tenant = ctx.state.tenant;
      const found = await existing(tenant, messageId);
      if (found.held) throw notFound(CHAT_MESSAGES.notFound);
      await withActivity(
        deps,
        ctx,
        (trx) => chatRepository(trx).pin(tenant, messageId),
        () => ({ action: 'chat.pin', target: { type: 'chat-message', id: messageId }, summary: `pinned chat message from ${found.message.name}` }),
      );
      tell(tenant, { type: 'pinned', id: messageId });
      return { ...found.message, pinned: true };
    },

    async unpin(ctx: AppContext): Promise<void> {
      const tenant = ctx.state.tenant;
      const was = await withActivity(
        deps,
        ctx,
        (trx) => chatRepository(trx).unpin(tenant),
        (id) => ({ action: 'chat.unpin', target: { type: 'chat-message', id: id ?? 'none' }, summary: 'unpinned the chat message' }),
      );
      if (was) tell(tenant, { type: 'pinned', id: null });
    },

    review: (tenant: Tenant) => repo.review(tenant),

    /** A moderator shows a held or reported message after all: it reaches every screen now. */
    async release(ctx: AppContext, id: string): Promise<ChatMessage> {
      const tenant = ctx.state.tenant;
      const found = await existing(tenant, id);
      await withActivity(
        deps,
        ctx,
        (trx) => chatRepository(trx).setHeld(tenant, id, false),
        () => ({ action: 'chat.approve', target: { type: 'chat-message', id }, summary: `approved chat message from ${found.message.name}` }),
      );
      if (found.held) tell(tenant, { type: 'message', message: found.message });
      return found.message;
    },
  };
}

export type ChatService = ReturnType<typeof chatService>;
