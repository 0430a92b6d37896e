import { SESSION_TIMEOUT_MS } from '../../../domain/audience';
import type { AudienceRepository } from './audience.repository';

/** Heartbeats kept in memory reach the database this often (well inside SESSION_TIMEOUT_MS). */
export const BEAT_FLUSH_MS = 15_000;

interface OpenSession {
  tenant: string;
  id: string;
  install: string;
  lastMs: number;
  seq: number;
  /** A heartbeat not yet written. */
  dirty: boolean;
}

export interface HeartbeatAnswer {
  /** Counted: the session is open here and the beat moves it on. */
  readonly counted: boolean;
  /** Not known here (or not an ordinary beat): the caller decides from the database. */
  readonly ask: boolean;
}

const COUNTED: HeartbeatAnswer = { counted: true, ask: false };
const REFUSED: HeartbeatAnswer = { counted: false, ask: false };
const ASK: HeartbeatAnswer = { counted: false, ask: true };

const keyOf = (tenant: string, id: string) => `${tenant}/${id}`;

/**
 * This process's open listening sessions (docs/operations.md "Audience"): a heartbeat moves its
 * session on here, with no database round trip, and a timer writes the moved sessions in one
 * batched statement every BEAT_FLUSH_MS. The database row stays the truth: a session is made
 * there (its start, which closes the install's other open sessions), closed there (a stop, a
 * replacement, two minutes of silence) and written there with GREATEST, so two processes that
 * both hold one session cannot move it back, and a session another process closed is dropped
 * here at the next write.
 */
export function openSessions(repo: AudienceRepository, now: () => number) {
  const open = new Map<string, OpenSession>();

  let writing: Promise<void> = Promise.resolve();
  const writeOnce = async () => {
    const batch = [...open.values()].filter((s) => s.dirty).map((s) => ({ session: s, lastMs: s.lastMs, lastSeq: s.seq }));
    for (const b of batch) b.session.dirty = false;
    let moved: Set<string>;
    try {
      moved = await repo.writeBeats(batch.map((b) => ({ tenant: b.session.tenant, id: b.session.id, lastMs: b.lastMs, lastSeq: b.lastSeq })));
    } catch (err) {
      for (const b of batch) b.session.dirty = true; // The database was away: written next time.
      throw err;
    }
    for (const { session } of batch) {
      // Closed meanwhile (by a stop, a new tab or the close pass, maybe of another process).
      if (!moved.has(keyOf(session.tenant, session.id)) && open.get(keyOf(session.tenant, session.id)) === session && !session.dirty) open.delete(keyOf(session.tenant, session.id));
    }
    // Silent ones are the close pass's now; their next beat, if any, asks the database.
    const silentBefore = now() - SESSION_TIMEOUT_MS;
    for (const [key, s] of open) if (!s.dirty && s.lastMs <= silentBefore) open.delete(key);
  };
  const write = () => (writing = writing.then(writeOnce, writeOnce));

  return {
    /** An ordinary heartbeat of a session held here: counted, refused (a replay) or asked of the database. */
    beat(tenant: string, id: string, install: string, seq: number, at: number): HeartbeatAnswer {
      const s = open.get(keyOf(tenant, id));
      if (!s) return ASK;
      if (s.install !== install || seq <= s.seq) return REFUSED;
      const gap = at - s.lastMs;
      if (gap < 0 || gap > SESSION_TIMEOUT_MS) return ASK;
      s.lastMs = at;
      s.seq = seq;
      s.dirty = true;
      return COUNTED;
    },
    /** Holds a session the database has open at this heartbeat (written at the next flush when `dirty`). */
    hold(row: { tenant: string; id: string; install_id: string; last_ms: number; last_seq: number }, dirty: boolean): void {
      const key = keyOf(row.tenant, row.id);
      const s = open.get(key);
      if (s && s.seq >= row.last_seq) return;
      open.set(key, { tenant: row.tenant, id: row.id, install: row.install_id, lastMs: Math.max(row.last_ms, s?.lastMs ?? 0), seq: row.last_seq, dirty: dirty || Boolean(s?.dirty) });
    },
    /** Writes one session's kept heartbeat (true when there was one) and lets it go, before the database decides about it. */
    async release(tenant: string, id: string): Promise<boolean> {
      const s = open.get(keyOf(tenant, id));
      if (!s) return false;
      open.delete(keyOf(tenant, id));
      if (!s.dirty) return false;
      await repo.writeBeats([{ tenant, id, lastMs: s.lastMs, lastSeq: s.seq }]);
      return true;
    },
    /** Writes every moved session (the timer, the close pass and the report call it). */
    flush: write,
    get size() {
      return open.size;
    },
  };
}

export type OpenSessions = ReturnType<typeof openSessions>;
