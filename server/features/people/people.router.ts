import Router from '@koa/router';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { ADMIN_SESSION_COOKIE, ADMIN_SESSION_HEADER, InviteTokenSchema, NewInviteSchema, PasskeyAnswerSchema, PersonPatchSchema } from '../../../domain/people';
import { requireAdmin } from '../../http/admin-key';
import { hashToken, ownOrigin, relyingPartyId, setSessionCookie } from '../../http/admin-session';
import { jsonBody } from '../../http/body';
import type { AppContext, AppState, Deps } from '../../http/context';
import { unauthorized } from '../../http/errors';
import { rateLimit } from '../../http/rate-limit';
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

/** docs/api.md, "Admins who are people": people, invites, passkeys, sessions. */
export function peopleRouter(deps: Deps): Router<AppState> {
  const service = peopleService(deps);
  const router = new Router<AppState>({ prefix: '/api/admin' });

  router.get('/me', async (ctx) => {
    const actor = ctx.state.actor;
    if (!actor) throw unauthorized('Not signed in');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { id: actor.id, name: actor.name, role: actor.role, via: actor.via };
  });

  router.post('/sign-out', async (ctx) => {
    const actor = ctx.state.actor;
    if (!actor) throw unauthorized('Not signed in');
    await service.signOut(actor);
    setSessionCookie(ctx, null);
    ctx.status = 204;
  });

  router.post('/invites', requireAdmin(deps, 'owner'), jsonBody(deps), async (ctx) => {
    const input = parseWith(NewInviteSchema, ctx.state.body);
    ctx.status = 201;
    ctx.body = await service.invite(ctx.state.actor!, input, ownOrigin(ctx, deps));
  });

  // What /admin/join shows before the passkey is made; 410 once used or expired.
  router.post('/invites/preview', rateLimit(deps, 'POST /api/admin/invites/preview'), jsonBody(deps), async (ctx) => {
    const { token } = parseWith(InviteTokenSchema, ctx.state.body);
    ctx.body = await service.invitePreview(token);
  });

  router.get('/people', requireAdmin(deps, 'owner'), async (ctx) => {
    ctx.body = await service.list();
  });

  router.patch('/people/:id', requireAdmin(deps, 'owner'), jsonBody(deps), async (ctx) => {
    const { role } = parseWith(PersonPatchSchema, ctx.state.body);
    ctx.body = await service.setRole(ctx.state.actor!, ctx.params.id!, role);
  });

  router.delete('/people/:id', requireAdmin(deps, 'owner'), async (ctx) => {
    await service.remove(ctx.state.actor!, ctx.params.id!);
    ctx.status = 204;
  });

  router.get('/people/:id/passkeys', requireAdmin(deps, 'owner'), async (ctx) => {
    ctx.body = await service.passkeysOf(ctx.params.id!);
  });

  router.delete('/people/:id/passkeys/:passkeyId', requireAdmin(deps, 'owner'), async (ctx) => {
    await service.removePasskey(ctx.state.actor!, ctx.params.id!, ctx.params.passkeyId!);
    ctx.status = 204;
  });

  // 'Sign out everywhere': the caller's own session too, when it is one of the person's.
  router.post('/people/:id/sign-out', requireAdmin(deps, 'owner'), async (ctx) => {
    const actor = ctx.state.actor!;
    await service.signOutEverywhere(actor, ctx.params.id!);
    if (actor.id === ctx.params.id) setSessionCookie(ctx, null);
    ctx.status = 204;
  });

  // Making a passkey: with an invite's token (joining), or signed in (another passkey).
  router.post('/passkeys/register/options', rateLimit(deps, 'POST /api/admin/passkeys/register/options'), jsonBody(deps), async (ctx) => {
    ctx.body = await service.registrationOptions(site(ctx, deps), passkeyMaker(ctx));
  });

  router.post('/passkeys/register/verify', rateLimit(deps, 'POST /api/admin/passkeys/register/verify'), jsonBody(deps), async (ctx) => {
    const { ceremonyId, response } = parseWith(PasskeyAnswerSchema, ctx.state.body);
    const { joined, passkeys } = await service.register(site(ctx, deps), ceremonyId, response as unknown as RegistrationResponseJSON);
    if (joined) setSessionCookie(ctx, joined.token);
    ctx.status = 201;
    ctx.body = joined ? { ...joined.me, passkeys } : { passkeys };
  });

  router.post('/passkeys/sign-in/options', rateLimit(deps, 'POST /api/admin/passkeys/sign-in/options'), async (ctx) => {
    ctx.body = await service.signInOptions(site(ctx, deps));
  });

  router.post('/passkeys/sign-in/verify', jsonBody(deps), async (ctx) => {
    const { ceremonyId, response } = parseWith(PasskeyAnswerSchema, ctx.state.body);
    const signedIn = await service.signIn(site(ctx, deps), ctx.state.clientAddress, ceremonyId, response as unknown as AuthenticationResponseJSON, ctx.state.actor ?? undefined);
    setSessionCookie(ctx, signedIn.token);
    ctx.body = signedIn.me;
  });

  return router;
}
