import type { ChatMessage, ChatReviewItem } from '../../../domain/chat';
import type { Tenant } from '../../../domain/tenants';
import type { Db } from '../../db/knex';
import { bool, nowIso, num } from '../../db/rows';

interface ChatRow {
  id: string;
  tenant: string;
  name: string;
  text: string;
  device_id: string;
  address_hash: string;
  host: unknown;
  held: unknown;
  hidden: unknown;
  reports: number | string;
  reviewed: unknown;
  created_ms: number | string;
}

/** A stored message as it is sent, and who sent it (device, address), which stays here. */
export interface StoredChatMessage {
  message: ChatMessage;
  deviceId: string;
  addressHash: string;
  held: boolean;
  hidden: boolean;
  reports: number;
}

const toMessage = (r: ChatRow, pinnedId: string | null): ChatMessage => ({
  id: r.id,
  name: r.name,
  text: r.text,
  at: nowIso(num(r.created_ms)),
  host: bool(r.host),
  pinned: r.id === pinnedId,
});

const toStored = (r: ChatRow, pinnedId: string | null): StoredChatMessage => ({
  message: toMessage(r, pinnedId),
  deviceId: r.device_id,
  addressHash: r.address_hash,
  held: bool(r.held),
  hidden: bool(r.hidden),
  reports: num(r.reports),
});

export interface NewChatRow {
  id: string;
  tenant: Tenant;
  name: string;
  text: string;
  deviceId: string;
  addressHash: string;
  host: boolean;
  held: boolean;
  createdMs: number;
}

// pg answers { rows }, sqlite3 answers the rows array.
const rowsOf = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];

export function chatRepository(db: Db) {
  const messages = () => db<ChatRow>('chat_messages');

  async function pinnedId(tenant: Tenant): Promise<string | null> {
    const row = await db('chat_pins').where({ tenant }).first();
    return row ? String(row.message_id) : null;
  }

  return {
    pinnedId,

    async insert(row: NewChatRow): Promise<ChatMessage> {
      await messages().insert({
        id: row.id,
        tenant: row.tenant,
        name: row.name,
        text: row.text,
        device_id: row.deviceId,
        address_hash: row.addressHash,
        host: row.host,
        held: row.held,
        hidden: false,
        reports: 0,
        reviewed: false,
        created_ms: row.createdMs,
      });
      return { id: row.id, name: row.name, text: row.text, at: nowIso(row.createdMs), host: row.host, pinned: false };
    },

    /** The latest `limit` shown messages, oldest first; the pinned one first when it is older. */
    async latestShown(tenant: Tenant, limit: number): Promise<ChatMessage[]> {
      const pin = await pinnedId(tenant);
      const rows: ChatRow[] = await messages().where({ tenant, held: false, hidden: false }).orderBy('created_ms', 'desc').orderBy('id', 'desc').limit(limit);
      const list = rows.reverse().map((r) => toMessage(r, pin));
      if (pin && !list.some((m) => m.id === pin)) {
        const pinned = await messages().where({ tenant, id: pin, held: false, hidden: false }).first();
        if (pinned) list.unshift(toMessage(pinned, pin));
      }
      return list;
    },

    async find(tenant: Tenant, id: string): Promise<StoredChatMessage | null> {
      const row = await messages().where({ tenant, id }).first();
      return row ? toStored(row, await pinnedId(tenant)) : null;
    },

    /** Whether this device sent exactly this text since `sinceMs`. */
    async sentRecently(tenant: Tenant, deviceId: string, text: string, sinceMs: number): Promise<boolean> {
      const row = await messages().where({ tenant, device_id: deviceId, text }).andWhere('created_ms', '>=', sinceMs).first('id');
      return !!row;
    },

    /** When this device last sent a message (slow mode), or null. */
    async lastSentMs(tenant: Tenant, deviceId: string): Promise<number | null> {
      const row = (await messages().where({ tenant, device_id: deviceId }).max({ at: 'created_ms' }).first()) as { at?: unknown } | undefined;
      return row?.at == null ? null : num(row.at);
    },

    /** The end of the latest running mute of this device or address, or null. */
    async mutedUntil(tenant: Tenant, deviceId: string, addressHash: string, nowMs: number): Promise<number | null> {
      const row = (await db('chat_mutes')
        .where({ tenant })
        .andWhere((q) => q.where({ device_id: deviceId }).orWhere({ address_hash: addressHash }))
        .andWhere('until_ms', '>', nowMs)
        .max({ until: 'until_ms' })
        .first()) as { until?: unknown } | undefined;
      return row?.until == null ? null : num(row.until);
    },

    async mute(tenant: Tenant, deviceId: string, addressHash: string, untilMs: number): Promise<void> {
      await db('chat_mutes').insert({ tenant, device_id: deviceId, address_hash: addressHash, until_ms: untilMs });
    },

    /**
     * Takes one message from `key`'s allowance in one atomic statement, shared by every
     * process (the generic cell rate algorithm: a theoretical arrival time per key): 0 when it
     * was allowed, else the milliseconds until it would be.
     */
    async take(key: string, nowMs: number, intervalMs: number, burst: number): Promise<number> {
      const later = '(case when chat_rates.tat > ? then chat_rates.tat else ? end) + ?';
      const result = await db.raw(
        `insert into chat_rates (key, tat) values (?, ?)
         on conflict (key) do update set tat = ${later}
         where ${later} <= ?
         returning tat`,
        [key, nowMs + intervalMs, nowMs, nowMs, intervalMs, nowMs, nowMs, intervalMs, nowMs + burst * intervalMs],
      );
      if (rowsOf(result).length > 0) return 0;
      const row = await db('chat_rates').where({ key }).first();
      return Math.max(1, num(row?.tat) + intervalMs - nowMs - burst * intervalMs);
    },

    /** One report per device: null when this device had reported it already, else the new count. */
    async report(id: string, deviceId: string): Promise<number | null> {
      const inserted = rowsOf(await db.raw('insert into chat_reports (message_id, device_id) values (?, ?) on conflict do nothing returning message_id', [id, deviceId]));
      if (inserted.length === 0) return null;
      await messages().where({ id }).update({ reports: db.raw('reports + 1') });
      const row = await messages().where({ id }).first('reports');
      return num(row?.reports);
    },

    /** Held for review, or shown after all (approved: reports no longer hold it). */
    async setHeld(tenant: Tenant, id: string, held: boolean): Promise<void> {
      await messages().where({ tenant, id }).update(held ? { held: true } : { held: false, reviewed: true });
    },

    async hide(tenant: Tenant, id: string): Promise<void> {
      await messages().where({ tenant, id }).update({ hidden: true });
    },

    async pin(tenant: Tenant, id: string): Promise<void> {
      await db('chat_pins').insert({ tenant, message_id: id }).onConflict('tenant').merge();
    },

    /** Answers the id that was pinned, if any. */
    async unpin(tenant: Tenant): Promise<string | null> {
      const was = await pinnedId(tenant);
      await db('chat_pins').where({ tenant }).delete();
      return was;
    },

    /** Held, or reported and not yet approved, and not hidden: the moderation tab, oldest first. */
    async review(tenant: Tenant): Promise<ChatReviewItem[]> {
      const pin = await pinnedId(tenant);
      const rows: ChatRow[] = await messages()
        .where({ tenant, hidden: false })
        .andWhere((q) => q.where({ held: true }).orWhere((r) => r.where('reports', '>', 0).andWhere({ reviewed: false })))
        .orderBy('created_ms')
        .limit(200);
      return rows.map((r) => ({ ...toMessage(r, pin), held: bool(r.held), reports: num(r.reports) }));
    },

    /** Retention: messages older than `beforeMs` go, with their reports and pin; ended mutes and idle rates too. */
    async prune(beforeMs: number, nowMs: number): Promise<number> {
      const old = () => db('chat_messages').where('created_ms', '<', beforeMs).select('id');
      await db('chat_reports').whereIn('message_id', old()).delete();
      await db('chat_pins').whereIn('message_id', old()).delete();
      const removed = await db('chat_messages').where('created_ms', '<', beforeMs).delete();
      await db('chat_mutes').where('until_ms', '<=', nowMs).delete();
      await db('chat_rates').where('tat', '<', nowMs).delete();
      return removed;
    },
  };
}

export type ChatRepository = ReturnType<typeof chatRepository>;
