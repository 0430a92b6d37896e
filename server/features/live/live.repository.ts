import type { Tenant } from '../../../domain/tenants';
import type { Db } from '../../db/knex';
import { claimLease } from '../../db/leases';

export interface LiveSegment {
  rendition: string;
  seq: number;
  disc: number;
  name: string;
  duration: number;
  startedMs: number;
  bytes: number;
}

interface SegmentRow {
  rendition: string;
  seq: number | string;
  disc: number | string;
  name: string;
  duration: number | string;
  started_ms: number | string;
  bytes: number | string;
}

const toSegment = (r: SegmentRow): LiveSegment => ({
  rendition: r.rendition,
  seq: Number(r.seq),
  disc: Number(r.disc),
  name: r.name,
  duration: Number(r.duration),
  startedMs: Number(r.started_ms),
  bytes: Number(r.bytes),
});

/** The relay's lease and its published segments (docs/live-relay.md); Knex only. */
export function liveRepository(db: Db) {
  return {
    /**
     * Takes or renews the tenant's lease for `holder` until `expiresMs`: true when it is ours
     * now. A lease another holder still has (expires_ms ahead of now) is left alone.
     */
    async claimLease(tenant: Tenant, holder: string, now: number, expiresMs: number): Promise<boolean> {
      return claimLease(db, 'live_leases', { tenant }, { holder, now, expiresMs });
    },

    /** Gives the lease up at once (a clean stop), so another process need not wait it out. */
    async releaseLease(tenant: Tenant, holder: string): Promise<void> {
      await db('live_leases').where({ tenant, holder }).delete();
    },

    async leaseHolder(tenant: Tenant, now: number): Promise<string | null> {
      const row = (await db('live_leases').where({ tenant }).andWhere('expires_ms', '>=', now).first('holder')) as { holder: string } | undefined;
      return row?.holder ?? null;
    },

    async addSegment(tenant: Tenant, s: LiveSegment): Promise<void> {
      await db('live_segments').insert({
        tenant,
        rendition: s.rendition,
        seq: s.seq,
        disc: s.disc,
        name: s.name,
        duration: s.duration,
        started_ms: s.startedMs,
        bytes: s.bytes,
      });
    },

    /** The last segment of each rendition (where a new relay run continues the numbering). */
    async lastSegments(tenant: Tenant): Promise<LiveSegment[]> {
      const latest = db('live_segments').where({ tenant }).groupBy('rendition').select('rendition').max({ seq: 'seq' });
      const rows = (await db('live_segments as s')
        .join(latest.as('l'), (j) => j.on('s.rendition', '=', 'l.rendition').andOn('s.seq', '=', 'l.seq'))
        .where('s.tenant', tenant)
        .select('s.rendition', 's.seq', 's.disc', 's.name', 's.duration', 's.started_ms', 's.bytes')) as SegmentRow[];
      return rows.map(toSegment);
    },

    /** One rendition's segments that began at or after sinceMs, oldest first. */
    async segments(tenant: Tenant, rendition: string, sinceMs: number): Promise<LiveSegment[]> {
      const rows = (await db('live_segments')
        .where({ tenant, rendition })
        .andWhere('started_ms', '>=', sinceMs)
        .orderBy('seq', 'asc')
        .select('rendition', 'seq', 'disc', 'name', 'duration', 'started_ms', 'bytes')) as SegmentRow[];
      return rows.map(toSegment);
    },

    async segmentByName(tenant: Tenant, name: string): Promise<LiveSegment | null> {
      const row = (await db('live_segments')
        .where({ tenant, name })
        .first('rendition', 'seq', 'disc', 'name', 'duration', 'started_ms', 'bytes')) as SegmentRow | undefined;
      return row ? toSegment(row) : null;
    },

    /** Segments that began before `beforeMs` (out of the window), to be removed from storage first. */
    async segmentsBefore(tenant: Tenant, beforeMs: number, limit = 500): Promise<LiveSegment[]> {
      const rows = (await db('live_segments')
        .where({ tenant })
        .andWhere('started_ms', '<', beforeMs)
        .orderBy('started_ms', 'asc')
        .limit(limit)
        .select('rendition', 'seq', 'disc', 'name', 'duration', 'started_ms', 'bytes')) as SegmentRow[];
      return rows.map(toSegment);
    },

    async removeSegments(tenant: Tenant, names: string[]): Promise<void> {
      if (names.length > 0) await db('live_segments').where({ tenant }).whereIn('name', names).delete();
    },
  };
}

export type LiveRepository = ReturnType<typeof liveRepository>;
