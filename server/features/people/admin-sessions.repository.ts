import type { Role } from '../../../domain/people';
import type { Db } from '../../db/knex';

export interface SessionPerson {
  tokenHash: string;
  personId: string;
  name: string;
  role: Role;
  expiresAt: number;
  /** When the person last proved a passkey on this session; null when never. */
  verifiedAt: number | null;
}

/**
 * Admin sessions, kept by the SHA-256 of their token so every process sees the same ones
 * and a copy of the database opens none (docs/api.md, "Admins who are people").
 */
export function adminSessionsRepository(db: Db) {
  return {
    /** A session opens only on a passkey's proof (sign-in, joining): it is checked as it opens. */
    async create(tokenHash: string, personId: string, now: number, expiresAt: number): Promise<void> {
      await db('admin_sessions').insert({ token_hash: tokenHash, person_id: personId, created_at: now, expires_at: expiresAt, verified_at: now });
    },

    /** The open session and its person; null when unknown or expired. */
    async find(tokenHash: string, now: number): Promise<SessionPerson | null> {
      const row = await db('admin_sessions as s')
        .join('admin_people as p', 'p.id', 's.person_id')
        .where('s.token_hash', tokenHash)
        .andWhere('s.expires_at', '>', now)
        .first<{ token_hash: string; person_id: string; name: string; role: Role; expires_at: number | string; verified_at: number | string | null } | undefined>('s.token_hash', 's.person_id', 'p.name', 'p.role', 's.expires_at', 's.verified_at');
      if (!row) return null;
      return { tokenHash: row.token_hash, personId: row.person_id, name: row.name, role: row.role, expiresAt: Number(row.expires_at), verifiedAt: row.verified_at === null ? null : Number(row.verified_at) };
    },

    async extend(tokenHash: string, expiresAt: number): Promise<void> {
      await db('admin_sessions').where({ token_hash: tokenHash }).update({ expires_at: expiresAt });
    },

    async end(tokenHash: string): Promise<void> {
      await db('admin_sessions').where({ token_hash: tokenHash }).delete();
    },

    /** Every session of a person ends at once (a role change, a removal, 'Sign out everywhere'). */
    async endAllOf(personId: string): Promise<void> {
      await db('admin_sessions').where({ person_id: personId }).delete();
    },

    async pruneExpired(now: number): Promise<void> {
      await db('admin_sessions').where('expires_at', '<=', now).delete();
    },
  };
}
