import { expect } from 'vitest';
import type { Role } from '../../domain/people';
import type { Config } from '../config';
import { createPasskey, signInWith, type SoftPasskey } from './soft-authenticator';
import { ADMIN_KEY, describeEachEngine, freshAddress, type TestApp } from './test-app';

/** The origin the people suites give the app as PUBLIC_URL (WebAuthn wants a host name, not an IP). */
export const PEOPLE_ORIGIN = 'http://localhost:4999';

/** The session cookie of an answer's Set-Cookie, as a Cookie header value. */
export function sessionCookie(res: { headers: Record<string, unknown> }): string {
  const set = ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []);
  const cookie = set.map((c) => c.split(';')[0]!).find((c) => c.startsWith('radio_admin=') && c !== 'radio_admin=');
  expect(cookie, `a session cookie in ${JSON.stringify(set)}`).toBeTruthy();
  return cookie!;
}

export interface Member {
  id: string;
  cookie: string;
  passkey: SoftPasskey;
}

/** People, invites and passkeys through the real routes, as a browser would use them. */
export function peopleClient(app: () => TestApp) {
  const http = () => app().http();
  const asKey = <R extends { set(k: string, v: string): R }>(req: R) => req.set('x-admin-key', ADMIN_KEY).set('X-Forwarded-For', freshAddress());
  const asMember = <R extends { set(k: string, v: string): R }>(req: R, cookie: string) =>
    req.set('Cookie', cookie).set('x-admin-session', '1').set('Origin', PEOPLE_ORIGIN).set('X-Forwarded-For', freshAddress());

  async function invite(name: string, role: Role): Promise<string> {
    const res = await asKey(http().post('/api/admin/invites')).send({ name, role });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return new URL(res.body.url as string).searchParams.get('token')!;
  }

  async function join(token: string): Promise<Member> {
    const options = await http().post('/api/admin/passkeys/register/options').set('X-Forwarded-For', freshAddress()).send({ token });
    expect(options.status, JSON.stringify(options.body)).toBe(200);
    const { response, passkey } = createPasskey(options.body.options, PEOPLE_ORIGIN);
    const done = await http().post('/api/admin/passkeys/register/verify').set('X-Forwarded-For', freshAddress()).send({ ceremonyId: options.body.ceremonyId, response });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    return { id: done.body.id as string, cookie: sessionCookie(done), passkey };
  }

  /** Someone invited as `role` who has joined with a passkey: signed in. */
  const member = async (name: string, role: Role): Promise<Member> => join(await invite(name, role));

  /** A sign-in's answer (not checked), from `address`. */
  async function trySignIn(passkey: SoftPasskey, address = freshAddress(), tamper = false) {
    const options = await http().post('/api/admin/passkeys/sign-in/options').set('X-Forwarded-For', freshAddress());
    expect(options.status).toBe(200);
    const response = signInWith(passkey, options.body.options, PEOPLE_ORIGIN, tamper);
    return http().post('/api/admin/passkeys/sign-in/verify').set('X-Forwarded-For', address).send({ ceremonyId: options.body.ceremonyId, response });
  }

  async function signIn(passkey: SoftPasskey): Promise<string> {
    const res = await trySignIn(passkey);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return sessionCookie(res);
  }

  return { http, asKey, asMember, invite, join, member, trySignIn, signIn };
}

/**
 * describeEachEngine for a suite with admins who are people: the app has PEOPLE_ORIGIN as its
 * public URL (WebAuthn's origin), and the suite gets the people client beside the app.
 */
export function describeWithPeople(title: string, suite: (t: () => TestApp, people: ReturnType<typeof peopleClient>) => void, overrides: Partial<Config> = {}): void {
  describeEachEngine(title, (t) => suite(t, peopleClient(t)), { publicUrl: PEOPLE_ORIGIN, ...overrides });
}
