import type { ActivityEntry } from '../../../domain/people';
import type { Tenant } from '../../../domain/tenants';
import type { Db } from '../../db/knex';
import type { Actor } from '../../http/context';

export interface ActivityInput {
  /** What was done, e.g. `artist.approve`, `settings.update`, `person.remove`. */
  action: string;
  /** Which row. */
  target: { type: string; id: string };
  /** One line for people, e.g. "approved artist Kes", "changed streamUrl". */
  summary: string;
  /** The station the row belongs to, when it belongs to one. */
  tenant?: Tenant | null;
}

/**
 * Writes one activity entry. Call it with the transaction the write itself runs in
 * (server/db/in-transaction.ts), so the entry exists exactly when the change does:
 * `recordActivity(trx, ctx.state.actor, { action, target: { type, id }, summary })`.
 */
export async function recordActivity(trx: Db, actor: Actor | null | undefined, entry: ActivityInput & { at: number }): Promise<void> {
  if (!actor) throw new Error('recordActivity needs the admin who made the change');
  await trx('admin_activity').insert({
    at: entry.at,
    tenant: entry.tenant ?? null,
    actor_id: actor.id,
    actor_name: actor.name.slice(0, 80),
    action: entry.action.slice(0, 64),
    target_type: entry.target.type.slice(0, 32),
    target_id: entry.target.id.slice(0, 200),
    summary: entry.summary.slice(0, 300),
  });
}

interface ActivityRow {
  seq: number;
  at: number | string;
  actor_id: string | null;
  actor_name: string;
  action: string;
  target_type: string;
  target_id: string;
  summary: string;
}

export interface ActivityPage {
  entries: ActivityEntry[];
  /** The cursor of the next page, null on the last one. */
  next: string | null;
}

/** Newest first, `limit` at a time, optionally one person's (`actorId`, or 'key' for the admin key). */
export function activityRepository(db: Db) {
  return {
    async list(options: { limit: number; cursor?: number; actorId?: string }): Promise<ActivityPage> {
      const q = db<ActivityRow>('admin_activity').orderBy('seq', 'desc').limit(options.limit + 1);
      if (options.cursor !== undefined) q.where('seq', '<', options.cursor);
      if (options.actorId === 'key') q.whereNull('actor_id');
      else if (options.actorId) q.where('actor_id', options.actorId);
      const rows: ActivityRow[] = await q;
      const page = rows.slice(0, options.limit);
      return {
        entries: page.map((r) => ({
          at: new Date(Number(r.at)).toISOString(),
          actor: { id: r.actor_id, name: r.actor_name },
          action: r.action,
          target: { type: r.target_type, id: r.target_id },
          summary: r.summary,
        })),
        next: rows.length > options.limit ? String(page[page.length - 1]!.seq) : null,
      };
    },
  };
}
