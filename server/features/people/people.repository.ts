import type { Person, PersonPasskey, Role } from '../../../domain/people';
import { isPostgres, type Db } from '../../db/knex';

export interface StoredPasskey {
  id: string;
  personId: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
}

export interface StoredInvite {
  tokenHash: string;
  name: string;
  role: Role;
  expiresAt: number;
  usedAt: number | null;
}

export interface Ceremony {
  id: string;
  kind: 'register' | 'sign-in';
  challenge: string;
  inviteHash: string | null;
  personId: string | null;
  userHandle: string | null;
  expiresAt: number;
}

interface PersonRow {
  id: string;
  name: string;
  role: Role;
  created_at: number | string;
  last_sign_in_at: number | string | null;
  passkeys?: number | string;
}

const iso = (ms: number | string | null): string | null => (ms === null ? null : new Date(Number(ms)).toISOString());

const toPerson = (r: PersonRow): Person => ({
  id: r.id,
  name: r.name,
  role: r.role,
  createdAt: iso(r.created_at)!,
  lastSignInAt: iso(r.last_sign_in_at),
  passkeys: Number(r.passkeys ?? 0),
});

/** People, their passkeys, invites and WebAuthn ceremonies (docs/api.md, "Admins who are people"). */
export function peopleRepository(db: Db) {
  return {
    async list(): Promise<Person[]> {
      const rows = (await db('admin_people as p')
        .select('p.id', 'p.name', 'p.role', 'p.created_at', 'p.last_sign_in_at')
        .count({ passkeys: 'k.id' })
        .leftJoin('admin_passkeys as k', 'k.person_id', 'p.id')
        .groupBy('p.id', 'p.name', 'p.role', 'p.created_at', 'p.last_sign_in_at')
        .orderBy([{ column: 'p.created_at', order: 'asc' }, { column: 'p.id', order: 'asc' }])) as PersonRow[];
      return rows.map(toPerson);
    },

    async find(id: string): Promise<Person | null> {
      const row: PersonRow | undefined = await db('admin_people').where({ id }).first();
      if (!row) return null;
      const counted = (await db('admin_passkeys').where({ person_id: id }).count({ n: '*' })) as { n: number | string }[];
      return toPerson({ ...row, passkeys: counted[0]?.n ?? 0 });
    },

    async userHandleOf(id: string): Promise<string | null> {
      const row = await db('admin_people').where({ id }).first('user_handle');
      return (row?.user_handle as string | undefined) ?? null;
    },

    async create(person: { id: string; name: string; role: Role; userHandle: string }, now: number): Promise<void> {
      await db('admin_people').insert({ id: person.id, name: person.name, role: person.role, user_handle: person.userHandle, created_at: now, last_sign_in_at: now });
    },

    /**
     * The owners' ids, their rows locked until the transaction ends (PostgreSQL): two owners
     * stepping down at once then count one after the other, and one of them stays. SQLite's
     * transactions already run one at a time (server/db/in-transaction.ts).
     */
    async lockOwners(): Promise<string[]> {
      const q = db('admin_people').where({ role: 'owner' }).orderBy('id');
      if (isPostgres(db)) q.forUpdate();
      return q.pluck('id');
    },

    async setRole(id: string, role: Role): Promise<boolean> {
      return (await db('admin_people').where({ id }).update({ role })) > 0;
    },

    /** The person goes, and with them (cascade) their passkeys and sessions. */
    async remove(id: string): Promise<boolean> {
      return (await db('admin_people').where({ id }).delete()) > 0;
    },

    async signedIn(id: string, now: number): Promise<void> {
      await db('admin_people').where({ id }).update({ last_sign_in_at: now });
    },

    async addPasskey(passkey: StoredPasskey, now: number): Promise<void> {
      await db('admin_passkeys').insert({
        id: passkey.id,
        person_id: passkey.personId,
        public_key: Buffer.from(passkey.publicKey).toString('base64url'),
        counter: passkey.counter,
        transports: JSON.stringify(passkey.transports),
        created_at: now,
      });
    },

    async passkey(id: string): Promise<StoredPasskey | null> {
      const row = await db('admin_passkeys').where({ id }).first();
      if (!row) return null;
      return {
        id: row.id,
        personId: row.person_id,
        publicKey: new Uint8Array(Buffer.from(String(row.public_key), 'base64url')) as Uint8Array<ArrayBuffer>,
        counter: Number(row.counter),
        transports: JSON.parse(String(row.transports)) as string[],
      };
    },

    async passkeysOf(personId: string): Promise<{ id: string; transports: string[] }[]> {
      const rows = await db('admin_passkeys').where({ person_id: personId }).select('id', 'transports');
      return rows.map((r: { id: string; transports: string }) => ({ id: r.id, transports: JSON.parse(r.transports) as string[] }));
    },

    /** A person's passkeys for /admin/people, oldest first. */
    async passkeyList(personId: string): Promise<PersonPasskey[]> {
      const rows: { id: string; created_at: number | string; last_used_at: number | string | null }[] = await db('admin_passkeys')
        .where({ person_id: personId })
        .orderBy([{ column: 'created_at', order: 'asc' }, { column: 'id', order: 'asc' }])
        .select('id', 'created_at', 'last_used_at');
      return rows.map((r) => ({ id: r.id, createdAt: iso(r.created_at)!, lastUsedAt: iso(r.last_used_at) }));
    },

    async removePasskey(personId: string, id: string): Promise<boolean> {
      return (await db('admin_passkeys').where({ person_id: personId, id }).delete()) > 0;
    },

    async passkeyUsed(id: string, counter: number, now: number): Promise<void> {
      await db('admin_passkeys').where({ id }).update({ counter, last_used_at: now });
    },

    async createInvite(invite: { tokenHash: string; name: string; role: Role; invitedBy: string }, now: number, expiresAt: number): Promise<void> {
      await db('admin_invites').insert({ token_hash: invite.tokenHash, name: invite.name, role: invite.role, invited_by: invite.invitedBy, created_at: now, expires_at: expiresAt });
    },

    /** An invite that is still usable: not used, not expired. */
    async openInvite(tokenHash: string, now: number): Promise<StoredInvite | null> {
      const row = await db('admin_invites').where({ token_hash: tokenHash }).whereNull('used_at').andWhere('expires_at', '>', now).first();
      if (!row) return null;
      return { tokenHash: row.token_hash, name: row.name, role: row.role as Role, expiresAt: Number(row.expires_at), usedAt: null };
    },

    /** Marks an invite used; false when it was not open any more (used meanwhile, expired). */
    async useInvite(tokenHash: string, now: number): Promise<boolean> {
      return (await db('admin_invites').where({ token_hash: tokenHash }).whereNull('used_at').andWhere('expires_at', '>', now).update({ used_at: now })) === 1;
    },

    async createCeremony(c: Ceremony): Promise<void> {
      await db('admin_ceremonies').insert({
        id: c.id,
        kind: c.kind,
        challenge: c.challenge,
        invite_hash: c.inviteHash,
        person_id: c.personId,
        user_handle: c.userHandle,
        expires_at: c.expiresAt,
      });
    },

    /** Takes a ceremony out: each challenge is answered once at most. Null when unknown or expired. */
    async takeCeremony(id: string, kind: Ceremony['kind'], now: number): Promise<Ceremony | null> {
      const row = await db('admin_ceremonies').where({ id, kind }).first();
      if (!row) return null;
      const deleted = await db('admin_ceremonies').where({ id }).delete();
      if (deleted !== 1 || Number(row.expires_at) <= now) return null;
      return {
        id: row.id,
        kind: row.kind,
        challenge: row.challenge,
        inviteHash: row.invite_hash,
        personId: row.person_id,
        userHandle: row.user_handle,
        expiresAt: Number(row.expires_at),
      };
    },

    async pruneExpired(now: number): Promise<void> {
      await db('admin_ceremonies').where('expires_at', '<=', now).delete();
      await db('admin_invites').where('expires_at', '<=', now - 7 * 24 * 60 * 60 * 1000).delete();
    },
  };
}
