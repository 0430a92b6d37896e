import { randomBytes, randomUUID } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { INVITE_EXPIRED_MESSAGE, LAST_OWNER_MESSAGE, PASSKEY_CHECK_MESSAGE, type AdminMe, type InvitePreview, type NewInvite, type Person, type PersonPasskey, type Role } from '../../../domain/people';
import { inTransaction } from '../../db/in-transaction';
import { recordActivity } from '../activity/activity.repository';
import { assertPasskeySignInOpen, recordPasskeyFailure } from '../../http/admin-key';
import { hashToken, newToken, SESSION_DAYS_MS } from '../../http/admin-session';
import { adminSessionsRepository } from './admin-sessions.repository';
import type { Actor, Deps } from '../../http/context';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http/errors';
import { peopleRepository } from './people.repository';

/** docs/api.md: an invite link is good for 48 hours, once. */
export const INVITE_TTL_MS = 48 * 60 * 60 * 1000;
/** How long a WebAuthn challenge waits for its answer. */
const CEREMONY_TTL_MS = 5 * 60 * 1000;
/** Adding a passkey asks for a passkey check this recent (docs/api.md, "Admins who are people"). */
export const PASSKEY_CHECK_MS = 5 * 60 * 1000;
const RP_NAME = 'Radio admin';
const PASSKEY_FAILED_MESSAGE = 'That passkey could not be checked. Please try again.';

/** Where the ceremony happens: the relying party id and our own origin (server/http/admin-session.ts). */
export interface Site {
  rpId: string;
  origin: string;
}

export interface SignedIn {
  me: AdminMe;
  /** The session token for the cookie. */
  token: string;
}

/** Who is adding a passkey: a signed-in person, or the session a request with the admin key also carries. */
export type PasskeyAdder = { actor: Actor } | { keyedSession: string };

const meOf = (p: { id: string; name: string; role: Role }): AdminMe => ({ id: p.id, name: p.name, role: p.role, via: 'passkey' });

export function peopleService(deps: Deps) {
  const people = peopleRepository(deps.db);

  async function openSession(db: Deps['db'], personId: string, now: number): Promise<string> {
    const token = newToken();
    await adminSessionsRepository(db).create(hashToken(token), personId, now, now + SESSION_DAYS_MS);
    return token;
  }

  async function invitePreview(token: string): Promise<InvitePreview> {
    const invite = await people.openInvite(hashToken(token), deps.now());
    if (!invite) throw new HttpError(410, INVITE_EXPIRED_MESSAGE);
    return { name: invite.name, role: invite.role, expiresAt: new Date(invite.expiresAt).toISOString() };
  }

  /**
   * A station keeps an owner: taking the owner role from `person` (a new role, a removal) is
   * refused when no other owner would be left. Runs in the change's transaction, after the
   * owners' rows are locked, so changes at once cannot all pass (docs/api.md).
   */
  async function assertAnotherOwner(trx: Deps['db'], person: Person): Promise<void> {
    if (person.role !== 'owner') return;
    const owners = await peopleRepository(trx).lockOwners();
    if (!owners.some((id) => id !== person.id)) throw conflict(LAST_OWNER_MESSAGE);
  }

  /** A person's own passkey proof on this session, recent enough to add a passkey; or the admin key beside the session. */
  async function adderOf(who: PasskeyAdder, now: number): Promise<{ id: string; name: string }> {
    const sessions = adminSessionsRepository(deps.db);
    if ('keyedSession' in who) {
      const session = await sessions.find(who.keyedSession, now);
      if (!session) throw badRequest('Sign in with a passkey to add one; the admin key has none');
      return { id: session.personId, name: session.name };
    }
    const { actor } = who;
    if (!actor.id || !actor.sessionHash) throw badRequest('Sign in with a passkey to add one; the admin key has none');
    const session = await sessions.find(actor.sessionHash, now);
    if (!session || session.verifiedAt === null || now - session.verifiedAt > PASSKEY_CHECK_MS) throw forbidden(PASSKEY_CHECK_MESSAGE);
    return { id: actor.id, name: actor.name };
  }

  /** The person as `trx` sees them; 404 when there is none. */
  async function personIn(trx: Deps['db'], id: string): Promise<Person> {
    const person = await peopleRepository(trx).find(id);
    if (!person) throw notFound('Person not found');
    return person;
  }

  return {
    invitePreview,

    async invite(actor: Actor, input: NewInvite, origin: string): Promise<{ url: string; expiresAt: string }> {
      const token = newToken();
      const now = deps.now();
      const expiresAt = now + INVITE_TTL_MS;
      const tokenHash = hashToken(token);
      await inTransaction(deps.db, async (trx) => {
        await peopleRepository(trx).createInvite({ tokenHash, name: input.name, role: input.role, invitedBy: actor.name }, now, expiresAt);
        await recordActivity(trx, actor, { at: now, action: 'invite.create', target: { type: 'invite', id: tokenHash.slice(0, 16) }, summary: `invited ${input.name} as ${input.role}` });
      });
      return { url: `${origin}/admin/join?token=${encodeURIComponent(token)}`, expiresAt: new Date(expiresAt).toISOString() };
    },

    list: () => people.list(),

    /** A new role ends the person's sessions at once: they sign in again under it. */
    async setRole(actor: Actor, id: string, role: Role | undefined): Promise<Person> {
      const now = deps.now();
      return inTransaction(deps.db, async (trx) => {
        const repo = peopleRepository(trx);
        const person = await personIn(trx, id);
        if (role === undefined || role === person.role) return person;
        if (role !== 'owner') await assertAnotherOwner(trx, person);
        await repo.setRole(id, role);
        await adminSessionsRepository(trx).endAllOf(id);
        await recordActivity(trx, actor, { at: now, action: 'person.role', target: { type: 'person', id }, summary: `changed ${person.name}'s role from ${person.role} to ${role}` });
        return { ...person, role };
      });
    },

    async remove(actor: Actor, id: string): Promise<void> {
      const now = deps.now();
      await inTransaction(deps.db, async (trx) => {
        const repo = peopleRepository(trx);
        const person = await personIn(trx, id);
        await assertAnotherOwner(trx, person);
        await adminSessionsRepository(trx).endAllOf(id);
        await repo.remove(id);
        await recordActivity(trx, actor, { at: now, action: 'person.remove', target: { type: 'person', id }, summary: `removed ${person.name}` });
      });
    },

    /**
     * Options for making a passkey: joining with an invite's token, or a signed-in person
     * adding another passkey, which asks for a passkey check on the session in the last 5
     * minutes, or the admin key beside it: a session alone (a stolen cookie) makes no lasting
     * passkey (docs/api.md, "Admins who are people").
     */
    async registrationOptions(site: Site, who: { token: string } | PasskeyAdder): Promise<{ ceremonyId: string; options: PublicKeyCredentialCreationOptionsJSON; invite?: InvitePreview }> {
      const now = deps.now();
      let userHandle: string;
      let name: string;
      let inviteHash: string | null = null;
      let personId: string | null = null;
      let exclude: { id: string; transports: string[] }[] = [];
      let preview: InvitePreview | undefined;
      if ('token' in who) {
        preview = await invitePreview(who.token);
        inviteHash = hashToken(who.token);
        userHandle = randomBytes(32).toString('base64url');
        name = preview.name;
      } else {
        const adder = await adderOf(who, now);
        personId = adder.id;
        const handle = await people.userHandleOf(personId);
        if (!handle) throw notFound('Person not found');
        userHandle = handle;
        name = adder.name;
        exclude = await people.passkeysOf(personId);
      }
      const options = await generateRegistrationOptions({
        rpName: RP_NAME,
        rpID: site.rpId,
        userName: name,
        userDisplayName: name,
        userID: new Uint8Array(Buffer.from(userHandle, 'base64url')),
        attestationType: 'none',
        excludeCredentials: exclude,
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      const ceremonyId = randomUUID();
      await people.createCeremony({ id: ceremonyId, kind: 'register', challenge: options.challenge, inviteHash, personId, userHandle, expiresAt: now + CEREMONY_TTL_MS });
      return { ceremonyId, options, ...(preview ? { invite: preview } : {}) };
    },

    /**
     * Checks the new passkey. Joining: the invite is used up, the person made, the passkey
     * kept, a session opened and the activity written, all in one transaction. Adding: the
     * passkey joins the person's others.
     */
    async register(site: Site, ceremonyId: string, response: RegistrationResponseJSON): Promise<{ joined: SignedIn | null; passkeys: number }> {
      const now = deps.now();
      const ceremony = await people.takeCeremony(ceremonyId, 'register', now);
      if (!ceremony) throw badRequest('This passkey request has expired; please try again');
      let verified;
      try {
        verified = await verifyRegistrationResponse({ response, expectedChallenge: ceremony.challenge, expectedOrigin: site.origin, expectedRPID: site.rpId, requireUserVerification: true });
      } catch {
        throw badRequest(PASSKEY_FAILED_MESSAGE);
      }
      if (!verified.verified) throw badRequest(PASSKEY_FAILED_MESSAGE);
      const credential = verified.registrationInfo.credential;
      return inTransaction(deps.db, async (trx) => {
        const repo = peopleRepository(trx);
        let personId = ceremony.personId;
        let joined: SignedIn | null = null;
        if (ceremony.inviteHash) {
          const invite = await repo.openInvite(ceremony.inviteHash, now);
          if (!invite || !(await repo.useInvite(ceremony.inviteHash, now))) throw new HttpError(410, INVITE_EXPIRED_MESSAGE);
          personId = randomUUID();
          const person = { id: personId, name: invite.name, role: invite.role };
          await repo.create({ ...person, userHandle: ceremony.userHandle! }, now);
          const me = meOf(person);
          joined = { me, token: await openSession(trx, personId, now) };
          await recordActivity(trx, { ...me, via: 'passkey' }, { at: now, action: 'person.join', target: { type: 'person', id: personId }, summary: `${invite.name} joined as ${invite.role}` });
        }
        const person = personId ? await repo.find(personId) : null;
        if (!person) throw notFound('Person not found');
        await repo.addPasskey({ id: credential.id, personId: person.id, publicKey: credential.publicKey, counter: credential.counter, transports: credential.transports ?? [] }, now);
        // Joining is logged as the join; another passkey is logged as itself.
        if (!joined) await recordActivity(trx, { ...meOf(person), via: 'passkey' }, { at: now, action: 'passkey.add', target: { type: 'person', id: person.id }, summary: 'added a passkey' });
        const passkeys = (await repo.find(person.id))!.passkeys;
        return { joined, passkeys };
      });
    },

    async signInOptions(site: Site): Promise<{ ceremonyId: string; options: PublicKeyCredentialRequestOptionsJSON }> {
      // Discoverable credentials: the phone offers the person's passkey, nobody types a name.
      const options = await generateAuthenticationOptions({ rpID: site.rpId, userVerification: 'required' });
      const ceremonyId = randomUUID();
      await people.createCeremony({ id: ceremonyId, kind: 'sign-in', challenge: options.challenge, inviteHash: null, personId: null, userHandle: null, expiresAt: deps.now() + CEREMONY_TTL_MS });
      return { ceremonyId, options };
    },

    /**
     * A passkey sign-in: limited per address like wrong keys, but never by the global wrong-key
     * lock-out (docs/api.md, "Admins who are people"). The session the browser held before
     * (`replacing`: the passkey check before adding a passkey) ends as the new one opens.
     */
    async signIn(site: Site, address: string, ceremonyId: string, response: AuthenticationResponseJSON, replacing?: Actor): Promise<SignedIn> {
      await assertPasskeySignInOpen(deps, address);
      const now = deps.now();
      const ceremony = await people.takeCeremony(ceremonyId, 'sign-in', now);
      if (!ceremony) throw badRequest('This sign-in request has expired; please try again');
      const passkey = typeof response?.id === 'string' ? await people.passkey(response.id) : null;
      if (!passkey) {
        await recordPasskeyFailure(deps, address);
        throw new HttpError(401, 'This passkey is not known here');
      }
      let result;
      try {
        result = await verifyAuthenticationResponse({
          response,
          expectedChallenge: ceremony.challenge,
          expectedOrigin: site.origin,
          expectedRPID: site.rpId,
          credential: { id: passkey.id, publicKey: passkey.publicKey, counter: passkey.counter, transports: passkey.transports },
          requireUserVerification: true,
        });
      } catch {
        result = null;
      }
      if (!result?.verified) {
        await recordPasskeyFailure(deps, address);
        throw new HttpError(401, PASSKEY_FAILED_MESSAGE);
      }
      return inTransaction(deps.db, async (trx) => {
        const repo = peopleRepository(trx);
        const person = await repo.find(passkey.personId);
        if (!person) throw new HttpError(401, 'This passkey is not known here');
        await repo.passkeyUsed(passkey.id, result.authenticationInfo.newCounter, now);
        await repo.signedIn(person.id, now);
        if (replacing?.sessionHash) await adminSessionsRepository(trx).end(replacing.sessionHash);
        return { me: meOf(person), token: await openSession(trx, person.id, now) };
      });
    },

    async signOut(actor: Actor): Promise<void> {
      if (actor.sessionHash) await adminSessionsRepository(deps.db).end(actor.sessionHash);
    },

    /** 'Sign out everywhere': every session of the person ends, the caller's own included. */
    async signOutEverywhere(actor: Actor, id: string): Promise<void> {
      await inTransaction(deps.db, async (trx) => {
        const person = await personIn(trx, id);
        await adminSessionsRepository(trx).endAllOf(id);
        await recordActivity(trx, actor, { at: deps.now(), action: 'person.sign-out', target: { type: 'person', id }, summary: `signed ${person.name} out everywhere` });
      });
    },

    async passkeysOf(id: string): Promise<PersonPasskey[]> {
      await personIn(deps.db, id);
      return people.passkeyList(id);
    },

    /** An owner takes one passkey away (a lost phone, one a stolen session added); it signs in no more. */
    async removePasskey(actor: Actor, id: string, passkeyId: string): Promise<void> {
      await inTransaction(deps.db, async (trx) => {
        const person = await personIn(trx, id);
        if (!(await peopleRepository(trx).removePasskey(id, passkeyId))) throw notFound('Passkey not found');
        await recordActivity(trx, actor, { at: deps.now(), action: 'passkey.remove', target: { type: 'person', id }, summary: `removed a passkey of ${person.name}` });
      });
    },
  };
}

/** Expired sessions, unanswered ceremonies and long-dead invites are only clutter; cleared now and then by the server. */
export async function prunePeople(deps: Deps): Promise<void> {
  const now = deps.now();
  await adminSessionsRepository(deps.db).pruneExpired(now);
  await peopleRepository(deps.db).pruneExpired(now);
}
