import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { ADMIN_SESSION_COOKIE, ADMIN_SESSION_HEADER, InviteTokenSchema } from '../../../domain/people';
import { hashToken, ownOrigin, relyingPartyId, setSessionCookie } from '../../http/admin-session';
import type { AppContext, Deps } from '../../http/context';
import { unauthorized } from '../../http/errors';
import { operationsWith, RETRY_AFTER, type OperationDef, type RequestDoc } from '../../http/operation';
import { parseWith } from '../../http/validate';
import { peopleService, type PasskeyAdder } from './people.service';

const site = (ctx: AppContext, deps: Deps) => ({ rpId: relyingPartyId(ctx, deps), origin: ownOrigin(ctx, deps) });

/**
 * Who makes a passkey: a signed-in person; the session a request with the admin key also
 * carries (the key makes the request the key's, so the cookie is read here); else joining
 * with an invite's token.
 */
function passkeyMaker(ctx: AppContext): PasskeyAdder | { token: string } {
  const actor = ctx.state.actor;
  if (actor?.id) return { actor };
  const cookie = actor?.via === 'key' && ctx.get(ADMIN_SESSION_HEADER) ? ctx.cookies.get(ADMIN_SESSION_COOKIE) : undefined;
  if (cookie) return { keyedSession: hashToken(cookie) };
  return { token: parseWith(InviteTokenSchema, ctx.state.body).token };
}

const SESSION_NOTE = 'A signed-in person (the session cookie) or the admin key.';

const setup = (deps: Deps) => ({ deps, service: peopleService(deps) });
const op = operationsWith(setup, { tag: 'people' });
/** Inviting, changing and removing people is the owner's (docs/api.md "Admins who are people"). */
const ownerOnly = <B extends RequestDoc | undefined = undefined>(def: Omit<OperationDef<ReturnType<typeof setup>, B>, 'role'>) => op<B>({ ...def, role: 'owner' });

/** docs/api.md, "Admins who are people": people, invites, passkeys, sessions. */
export const PEOPLE_OPERATIONS = [
  op({
    method: 'get', path: '/api/admin/me', summary: 'Who is calling',
    description: `${SESSION_NOTE} 401 otherwise.`,
    access: 'visitor-or-admin',
    responses: { 200: { description: 'The caller.', json: 'AdminMe' } },
    handle: (ctx) => {
      const actor = ctx.state.actor;
      if (!actor) throw unauthorized('Not signed in');
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { id: actor.id, name: actor.name, role: actor.role, via: actor.via };
    },
  }),
  op({
    method: 'post', path: '/api/admin/sign-out', summary: 'Sign out',
    description: 'Ends the session and clears its cookie (with the admin key alone there is nothing to end).',
    access: 'admin',
    responses: { 204: { description: 'Signed out.' } },
    handle: async (ctx, { service }) => {
      const actor = ctx.state.actor;
      if (!actor) throw unauthorized('Not signed in');
      await service.signOut(actor);
      setSessionCookie(ctx, null);
      ctx.status = 204;
    },
  }),
  ownerOnly({
    method: 'post', path: '/api/admin/invites', summary: 'Invite a person (owner)',
    body: { json: 'NewInvite' },
    responses: { 201: { description: 'The one-time link, valid 48 hours.', json: 'Invite' } },
    handle: async (ctx, { deps, service }, input) => {
      ctx.status = 201;
      ctx.body = await service.invite(ctx.state.actor!, input, ownOrigin(ctx, deps));
    },
  }),
  // What /admin/join shows before the passkey is made; 410 once used or expired.
  op({
    method: 'post', path: '/api/admin/invites/preview', summary: 'Who an invite is for',
    description: 'For /admin/join, before the passkey is made.',
    rateLimit: true,
    body: { json: 'InviteToken' },
    responses: { 200: { description: 'The invite.', json: 'InvitePreview' }, 410: { description: 'Used already, or expired.', json: 'Error' } },
    handle: async (ctx, { service }, { token }) => {
      ctx.body = await service.invitePreview(token);
    },
  }),
  ownerOnly({
    method: 'get', path: '/api/admin/people', summary: 'The people (owner)',
    responses: { 200: { description: 'Oldest first.', json: { listOf: 'Person' } } },
    handle: async (ctx, { service }) => {
      ctx.body = await service.list();
    },
  }),
  ownerOnly({
    method: 'patch', path: '/api/admin/people/{id}', summary: "Change a person's role (owner)",
    description: "A new role ends their sessions at once. Taking the last owner's role answers 409.",
    body: { json: 'PersonPatch' },
    responses: { 200: { description: 'The person.', json: 'Person' }, 404: { description: 'No such person.', json: 'Error' }, 409: { description: 'No owner would be left.', json: 'Error' } },
    handle: async (ctx, { service }, { role }) => {
      ctx.body = await service.setRole(ctx.state.actor!, ctx.params.id!, role);
    },
  }),
  ownerOnly({
    method: 'delete', path: '/api/admin/people/{id}', summary: 'Remove a person (owner)',
    description: 'Their passkeys and sessions go with them; their next call answers 401. The last owner cannot be removed (409).',
    responses: { 204: { description: 'Removed.' }, 404: { description: 'No such person.', json: 'Error' }, 409: { description: 'No owner would be left.', json: 'Error' } },
    handle: async (ctx, { service }) => {
      await service.remove(ctx.state.actor!, ctx.params.id!);
      ctx.status = 204;
    },
  }),
  ownerOnly({
    method: 'get', path: '/api/admin/people/{id}/passkeys', summary: "A person's passkeys (owner)",
    responses: { 200: { description: 'Oldest first.', json: { listOf: 'PersonPasskey' } }, 404: { description: 'No such person.', json: 'Error' } },
    handle: async (ctx, { service }) => {
      ctx.body = await service.passkeysOf(ctx.params.id!);
    },
  }),
  ownerOnly({
    method: 'delete', path: '/api/admin/people/{id}/passkeys/{passkeyId}', summary: "Remove one of a person's passkeys (owner)",
    description: 'It signs in no more; open sessions stay (see sign-out).',
    responses: { 204: { description: 'Removed.' }, 404: { description: 'No such person or passkey.', json: 'Error' } },
    handle: async (ctx, { service }) => {
      await service.removePasskey(ctx.state.actor!, ctx.params.id!, ctx.params.passkeyId!);
      ctx.status = 204;
    },
  }),
  // 'Sign out everywhere': the caller's own session too, when it is one of the person's.
  ownerOnly({
    method: 'post', path: '/api/admin/people/{id}/sign-out', summary: 'Sign a person out everywhere (owner)',
    description: "Every session of theirs ends, the caller's own included (its cookie is cleared).",
    responses: { 204: { description: 'Signed out everywhere.' }, 404: { description: 'No such person.', json: 'Error' } },
    handle: async (ctx, { service }) => {
      const actor = ctx.state.actor!;
      await service.signOutEverywhere(actor, ctx.params.id!);
      if (actor.id === ctx.params.id) setSessionCookie(ctx, null);
      ctx.status = 204;
    },
  }),
  // Making a passkey: with an invite's token (joining), or signed in (another passkey).
  op({
    method: 'post', path: '/api/admin/passkeys/register/options', summary: 'Start making a passkey',
    description: 'Joining: `{token}` of an open invite. Signed in with a passkey (the session cookie): no body, another passkey for yourself, after a passkey check in the last 5 minutes (or with the admin key beside the session).',
    rateLimit: true,
    body: { json: 'InviteToken', unchecked: true },
    responses: { 200: { description: 'The options for navigator.credentials.create().', json: 'CeremonyOptions' }, 403: { description: 'No passkey check on this session in the last 5 minutes.', json: 'Error' }, 410: { description: 'The invite was used already, or expired.', json: 'Error' } },
    handle: async (ctx, { deps, service }) => {
      ctx.body = await service.registrationOptions(site(ctx, deps), passkeyMaker(ctx));
    },
  }),
  op({
    method: 'post', path: '/api/admin/passkeys/register/verify', summary: 'Finish making a passkey',
    description: 'Joining: the invite is used up, the person made, and a session opened (Set-Cookie). Signed in: the passkey is added to yours.',
    rateLimit: true,
    body: { json: 'PasskeyAnswer' },
    responses: {
      201: { description: 'Joined, or another passkey added.', json: { anyOf: ['Joined', 'PasskeyCount'] } },
      410: { description: 'The invite was used meanwhile, or expired.', json: 'Error' },
    },
    handle: async (ctx, { deps, service }, { ceremonyId, response }) => {
      const { joined, passkeys } = await service.register(site(ctx, deps), ceremonyId, response as unknown as RegistrationResponseJSON);
      if (joined) setSessionCookie(ctx, joined.token);
      ctx.status = 201;
      ctx.body = joined ? { ...joined.me, passkeys } : { passkeys };
    },
  }),
  op({
    method: 'post', path: '/api/admin/passkeys/sign-in/options', summary: 'Start a passkey sign-in',
    rateLimit: true,
    responses: { 200: { description: 'The options for navigator.credentials.get() (any of your passkeys).', json: 'CeremonyOptions' } },
    handle: async (ctx, { deps, service }) => {
      ctx.body = await service.signInOptions(site(ctx, deps));
    },
  }),
  op({
    method: 'post', path: '/api/admin/passkeys/sign-in/verify', summary: 'Finish a passkey sign-in',
    description: 'Opens a session (Set-Cookie, HttpOnly, SameSite=Strict, 30 days sliding), checked: it may add a passkey for 5 minutes. A session the request carries ends. Failures count per address; the global wrong-key lock-out does not apply.',
    body: { json: 'PasskeyAnswer' },
    responses: {
      200: { description: 'Signed in.', json: 'AdminMe' },
      401: { description: 'Unknown passkey or a failed check.', json: 'Error' },
      429: { description: 'Too many failed sign-ins from this address.', json: 'Error', headers: RETRY_AFTER },
    },
    handle: async (ctx, { deps, service }, { ceremonyId, response }) => {
      const signedIn = await service.signIn(site(ctx, deps), ctx.state.clientAddress, ceremonyId, response as unknown as AuthenticationResponseJSON, ctx.state.actor ?? undefined);
      setSessionCookie(ctx, signedIn.token);
      ctx.body = signedIn.me;
    },
  }),
];
