import { expect, it } from 'vitest';
import { LAST_OWNER_MESSAGE, PASSKEY_CHECK_MESSAGE } from '../../../domain/people';
import { describeWithPeople, type Member, PEOPLE_ORIGIN, sessionCookie } from '../../test/admin-people';
import { createPasskey, signInWith, type SoftPasskey } from '../../test/soft-authenticator';
import { ADMIN_KEY, freshAddress } from '../../test/test-app';

// docs/api.md, "Admins who are people": a station always keeps an owner, a stolen session
// cannot make itself a lasting passkey, passkeys can be listed and removed, and a person can
// be signed out everywhere.

const MINUTE = 60 * 1000;

describeWithPeople(
  'people: owners, passkeys and sessions',
  (t, { http, asKey, asMember, trySignIn, signIn, member }) => {
    const activity = async () => (await asKey(http().get('/api/admin/activity?limit=100'))).body as { actor: { id: string | null; name: string }; action: string; summary: string; target: { type: string; id: string } }[];
    const people = async () => (await asKey(http().get('/api/admin/people'))).body as { id: string; role: string }[];
    const owners = async () => (await people()).filter((p) => p.role === 'owner').map((p) => p.id);

    /** Starts adding a passkey as `member` (their session cookie), and finishes it when allowed. */
    async function addPasskey(member: Member, withKey = false) {
      const asThem = <R extends { set(k: string, v: string): R }>(req: R) => (withKey ? asMember(req, member.cookie).set('x-admin-key', ADMIN_KEY) : asMember(req, member.cookie));
      const options = await asThem(http().post('/api/admin/passkeys/register/options'));
      if (options.status !== 200) return { options, added: null, passkey: null };
      const made = createPasskey(options.body.options, PEOPLE_ORIGIN);
      const added = await asThem(http().post('/api/admin/passkeys/register/verify')).send({ ceremonyId: options.body.ceremonyId, response: made.response });
      return { options, added, passkey: { ...made.passkey, userHandle: member.passkey.userHandle } as SoftPasskey };
    }

    it('with no owner among the people, anyone may go; the last owner can neither step down nor be removed (409)', async () => {
      const mo = await member('Mo', 'moderator');
      expect((await asKey(http().delete(`/api/admin/people/${mo.id}`))).status).toBe(204);

      const olive = await member('Olive', 'owner');
      const before = (await activity()).length;
      for (const refused of [
        asKey(http().patch(`/api/admin/people/${olive.id}`)).send({ role: 'editor' }),
        asMember(http().patch(`/api/admin/people/${olive.id}`), olive.cookie).send({ role: 'moderator' }),
        asKey(http().delete(`/api/admin/people/${olive.id}`)),
        asMember(http().delete(`/api/admin/people/${olive.id}`), olive.cookie),
      ]) {
        const res = await refused;
        expect(res.status).toBe(409);
        expect(res.body).toEqual({ error: LAST_OWNER_MESSAGE });
      }
      expect(await owners()).toEqual([olive.id]);
      expect((await activity()).length).toBe(before);
      // A refused change ends no session.
      expect((await asMember(http().get('/api/admin/me'), olive.cookie)).status).toBe(200);

      // With another owner, Olive may step down; then Owen is the last one.
      const owen = await member('Owen', 'owner');
      expect((await asMember(http().patch(`/api/admin/people/${olive.id}`), olive.cookie).send({ role: 'editor' })).status).toBe(200);
      expect((await asKey(http().delete(`/api/admin/people/${owen.id}`))).status).toBe(409);
      expect((await asKey(http().patch(`/api/admin/people/${olive.id}`)).send({ role: 'owner' })).status).toBe(200);
      expect((await asKey(http().delete(`/api/admin/people/${owen.id}`))).status).toBe(204);
      expect(await owners()).toEqual([olive.id]);
    });

    it('owners stepping down all at once: exactly one stays (the check is in the same transaction)', async () => {
      for (const name of ['Second', 'Third', 'Fourth']) await member(name, 'owner');
      const all = await owners();
      expect(all.length).toBeGreaterThanOrEqual(3);
      const allBut = (status: number, last: number) => [...all.slice(1).map(() => status), last];
      const answers = await Promise.all(all.map((id) => asKey(http().patch(`/api/admin/people/${id}`)).send({ role: 'editor' })));
      expect(answers.map((a) => a.status).sort()).toEqual(allBut(200, 409));
      expect((await owners()).length).toBe(1);
      // And removals at once.
      for (const id of all) await asKey(http().patch(`/api/admin/people/${id}`)).send({ role: 'owner' });
      const removals = await Promise.all(all.map((id) => asKey(http().delete(`/api/admin/people/${id}`))));
      expect(removals.map((a) => a.status).sort()).toEqual(allBut(204, 409));
      expect((await owners()).length).toBe(1);
    });

    it('adding a passkey asks for a passkey check in the last 5 minutes, or the key; the addition is logged', async () => {
      const two = await member('Two', 'moderator');
      t().clock.advance(5 * MINUTE + 1000);
      // A session alone (a stolen cookie) cannot add one.
      const late = await addPasskey(two);
      expect(late.options.status).toBe(403);
      expect(late.options.body).toEqual({ error: PASSKEY_CHECK_MESSAGE });
      // The session with the key may.
      const keyed = await addPasskey(two, true);
      expect(keyed.added?.status).toBe(201);
      expect(keyed.added?.body).toEqual({ passkeys: 2 });

      // The check: a passkey sign-in from the same browser opens a checked session in place of the old.
      const options = await http().post('/api/admin/passkeys/sign-in/options').set('X-Forwarded-For', freshAddress());
      const checked = await asMember(http().post('/api/admin/passkeys/sign-in/verify'), two.cookie).send({ ceremonyId: options.body.ceremonyId, response: signInWith(two.passkey, options.body.options, PEOPLE_ORIGIN) });
      expect(checked.status).toBe(200);
      const fresh: Member = { ...two, cookie: sessionCookie(checked) };
      expect((await asMember(http().get('/api/admin/me'), two.cookie)).status).toBe(401);
      const added = await addPasskey(fresh);
      expect(added.added?.status).toBe(201);
      expect(added.added?.body).toEqual({ passkeys: 3 });
      expect((await trySignIn(added.passkey!)).status).toBe(200);
      const mine = (await activity()).filter((e) => e.actor.id === two.id && e.action === 'passkey.add');
      expect(mine).toHaveLength(2);
      expect(mine[0]).toMatchObject({ actor: { id: two.id, name: 'Two' }, summary: 'added a passkey', target: { type: 'person', id: two.id } });

      // Only for 5 minutes.
      t().clock.advance(5 * MINUTE + 1000);
      expect((await addPasskey(fresh)).options.status).toBe(403);
    });

    it("an owner lists a person's passkeys and removes one; 'Sign out everywhere' ends every session", async () => {
      const pia = await member('Pia', 'editor');
      t().clock.advance(1000);
      const second = await addPasskey(pia);
      expect(second.added?.status).toBe(201);
      const list = await asKey(http().get(`/api/admin/people/${pia.id}/passkeys`));
      expect(list.status).toBe(200);
      expect(list.body).toEqual([
        { id: pia.passkey.id, createdAt: expect.any(String), lastUsedAt: null },
        { id: second.passkey!.id, createdAt: expect.any(String), lastUsedAt: null },
      ]);
      // People are an owner's.
      expect((await asMember(http().get(`/api/admin/people/${pia.id}/passkeys`), pia.cookie)).status).toBe(403);
      expect((await asMember(http().delete(`/api/admin/people/${pia.id}/passkeys/${encodeURIComponent(pia.passkey.id)}`), pia.cookie)).status).toBe(403);
      expect((await asMember(http().post(`/api/admin/people/${pia.id}/sign-out`), pia.cookie)).status).toBe(403);

      const other = await member('Other', 'editor');
      expect((await asKey(http().delete(`/api/admin/people/${other.id}/passkeys/${encodeURIComponent(second.passkey!.id)}`))).status).toBe(404);
      expect((await asKey(http().delete(`/api/admin/people/${pia.id}/passkeys/${encodeURIComponent(second.passkey!.id)}`))).status).toBe(204);
      expect((await asKey(http().get(`/api/admin/people/${pia.id}/passkeys`))).body.map((k: { id: string }) => k.id)).toEqual([pia.passkey.id]);
      expect((await trySignIn(second.passkey!)).status).toBe(401);
      expect(await activity()).toContainEqual(expect.objectContaining({ actor: { id: null, name: 'admin key' }, action: 'passkey.remove', summary: 'removed a passkey of Pia' }));

      // Sign out everywhere: every session of Pia's ends; Other's do not.
      const elsewhere = await signIn(pia.passkey);
      const out = await asKey(http().post(`/api/admin/people/${pia.id}/sign-out`));
      expect(out.status).toBe(204);
      for (const cookie of [pia.cookie, elsewhere]) expect((await asMember(http().get('/api/admin/me'), cookie)).status).toBe(401);
      expect((await asMember(http().get('/api/admin/me'), other.cookie)).status).toBe(200);
      expect(await activity()).toContainEqual(expect.objectContaining({ action: 'person.sign-out', summary: 'signed Pia out everywhere', target: { type: 'person', id: pia.id } }));
      // Pia's passkey still signs in.
      expect((await trySignIn(pia.passkey)).status).toBe(200);
      expect((await asKey(http().post('/api/admin/people/nobody/sign-out'))).status).toBe(404);

      // An owner signing themselves out everywhere ends the current session too.
      const me = await member('Oona', 'owner');
      const self = await asMember(http().post(`/api/admin/people/${me.id}/sign-out`), me.cookie);
      expect(self.status).toBe(204);
      expect(String(self.headers['set-cookie'])).toMatch(/radio_admin=;/);
      expect((await asMember(http().get('/api/admin/me'), me.cookie)).status).toBe(401);
    });

    it("forged assertions naming someone's passkey from ten addresses do not lock that person out", async () => {
      t().clock.advance(15 * MINUTE + 1000);
      const sam = await member('Sam', 'moderator');
      for (let i = 0; i < 10; i++) expect((await trySignIn(sam.passkey, `203.0.113.${100 + i}`, true)).status).toBe(401);
      expect((await trySignIn(sam.passkey)).status).toBe(200);
      // Eleven more from one address lock that address only.
      const address = '203.0.113.200';
      for (let i = 0; i < 10; i++) expect((await trySignIn(sam.passkey, address, true)).status).toBe(401);
      expect((await trySignIn(sam.passkey, address)).status).toBe(429);
      expect((await trySignIn(sam.passkey)).status).toBe(200);
    });
  },
);
