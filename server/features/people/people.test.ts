import { describe, expect, it } from 'vitest';
import { ROLE_CANNOT_MESSAGE } from '../../../domain/people';
import { describeWithPeople, PEOPLE_ORIGIN } from '../../test/admin-people';
import { createPasskey } from '../../test/soft-authenticator';
import { ADMIN_KEY, freshAddress } from '../../test/test-app';

// docs/api.md, "Admins who are people": passkeys, sessions, roles, invites, the activity log.

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describeWithPeople(
  'admins who are people',
  (t, { http, asKey, asMember, invite, join, signIn, trySignIn, member }) => {
    async function pendingArtist(name: string): Promise<string> {
      const res = await http().post('/api/artists').set('X-Forwarded-For', freshAddress()).send({ name, bio: 'Soca from Georgetown', countryCode: 'GY' });
      expect(res.status).toBe(201);
      return res.body.id as string;
    }

    const activity = async (query = '') => (await asKey(http().get(`/api/admin/activity${query}`))).body as { actor: { id: string | null; name: string }; action: string; summary: string; target: { type: string; id: string } }[];

    it('an invited moderator joins with a passkey and is signed in by an HttpOnly, SameSite=Strict cookie', async () => {
      const token = await invite('Maya', 'moderator');
      const preview = await http().post('/api/admin/invites/preview').set('X-Forwarded-For', freshAddress()).send({ token });
      expect(preview.body).toMatchObject({ name: 'Maya', role: 'moderator' });
      const options = await http().post('/api/admin/passkeys/register/options').set('X-Forwarded-For', freshAddress()).send({ token });
      // The relying party is PUBLIC_URL's host; the person's handle is random, never their name.
      expect(options.body.options.rp.id).toBe('localhost');
      expect(options.body.options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
      const maya = await join(token);
      const me = await asMember(http().get('/api/admin/me'), maya.cookie);
      expect(me.status).toBe(200);
      expect(me.body).toEqual({ id: maya.id, name: 'Maya', role: 'moderator', via: 'passkey' });
      const res = await http().post('/api/admin/passkeys/sign-in/options').set('X-Forwarded-For', freshAddress());
      expect(res.body.options.rpId).toBe('localhost');
      const signedIn = await trySignIn(maya.passkey);
      expect(signedIn.status).toBe(200);
      // The session's cookie is the whole site's (the moderation page is rendered with it); the
      // one a sign-in before that kept for /api alone is cleared, or its token would win there.
      const [session, legacy] = signedIn.headers['set-cookie'] as unknown as string[];
      expect(session).toMatch(/^radio_admin=[^;]+;.*path=\/;/i);
      expect(legacy).toMatch(/^radio_admin=;.*path=\/api;.*expires=Thu, 01 Jan 1970/i);
      for (const cookie of [session, legacy]) {
        expect(cookie).toMatch(/httponly/i);
        expect(cookie).toMatch(/samesite=strict/i);
        expect(cookie).not.toMatch(/secure/i); // plain http here; Secure over https
      }
      const people = await asKey(http().get('/api/admin/people'));
      expect(people.body).toContainEqual(expect.objectContaining({ id: maya.id, name: 'Maya', role: 'moderator', passkeys: 1 }));
      // The key alone is an owner named "admin key".
      expect((await asKey(http().get('/api/admin/me'))).body).toEqual({ id: null, name: 'admin key', role: 'owner', via: 'key' });
      expect((await http().get('/api/admin/me').set('X-Forwarded-For', freshAddress())).status).toBe(401);
    });

    it('an invite works once, and not after 48 hours', async () => {
      const token = await invite('Once', 'editor');
      await join(token);
      const again = await http().post('/api/admin/passkeys/register/options').set('X-Forwarded-For', freshAddress()).send({ token });
      expect(again.status).toBe(410);
      expect(again.body.error).toBe('This invite has expired or has already been used');

      const late = await invite('Late', 'editor');
      t().clock.advance(48 * HOUR + 1000);
      const expired = await http().post('/api/admin/invites/preview').set('X-Forwarded-For', freshAddress()).send({ token: late });
      expect(expired.status).toBe(410);
      // Only the hash is kept: the token itself is nowhere in the database.
      const rows = await t().db('admin_invites').select('token_hash');
      expect(JSON.stringify(rows)).not.toContain(late);
    });

    it('roles: a moderator moderates, an editor edits content, neither touches settings or people (403)', async () => {
      const mod = await member('Mo', 'moderator');
      const ed = await member('Ed', 'editor');
      const artist = await pendingArtist('Kes');
      expect((await asMember(http().patch(`/api/artists/${artist}`), mod.cookie).send({ approved: true })).status).toBe(200);
      expect((await asMember(http().get('/api/artists?pending=true'), mod.cookie)).status).toBe(200);

      const settings = (await asKey(http().get('/api/settings'))).body;
      for (const cookie of [mod.cookie, ed.cookie]) {
        const put = await asMember(http().put('/api/settings'), cookie).send(settings);
        expect(put.status).toBe(403);
        expect(put.body).toEqual({ error: ROLE_CANNOT_MESSAGE });
        expect((await asMember(http().get('/api/admin/people'), cookie)).status).toBe(403);
        expect((await asMember(http().post('/api/admin/invites'), cookie).send({ name: 'X', role: 'owner' })).status).toBe(403);
        expect((await asMember(http().get('/api/admin/activity'), cookie)).status).toBe(403);
      }
      const show = { title: 'Morning Praise', startTime: '06:00', endTime: '08:00', days: ['Monday'] };
      expect((await asMember(http().post('/api/shows'), mod.cookie).send(show)).status).toBe(403);
      expect((await asMember(http().get('/api/ads'), mod.cookie)).status).toBe(403);
      expect((await asMember(http().post('/api/shows'), ed.cookie).send(show)).status).toBe(201);
      expect((await asMember(http().patch(`/api/artists/${artist}`), ed.cookie).send({ approved: false })).status).toBe(403);
    });

    it('a cookie-authenticated write from another Origin is refused (403); the key is not affected', async () => {
      const mod = await member('Origin', 'moderator');
      const artist = await pendingArtist('Origin Test');
      const foreign = await http().patch(`/api/artists/${artist}`).set('Cookie', mod.cookie).set('x-admin-session', '1').set('Origin', 'https://evil.example').set('X-Forwarded-For', freshAddress()).send({ approved: true });
      expect(foreign.status).toBe(403);
      const crossSite = await http().patch(`/api/artists/${artist}`).set('Cookie', mod.cookie).set('x-admin-session', '1').set('Sec-Fetch-Site', 'cross-site').set('X-Forwarded-For', freshAddress()).send({ approved: true });
      expect(crossSite.status).toBe(403);
      expect((await asKey(http().get(`/api/artists/${artist}`))).body.approved).toBe(false);
      // Reads are not writes; our own origin writes.
      expect((await http().get('/api/admin/me').set('Cookie', mod.cookie).set('x-admin-session', '1').set('Origin', 'https://evil.example')).status).toBe(200);
      // The cookie alone, without the admin screens' header, is a visitor: a page elsewhere
      // cannot act as the admin, and the public pages stay public for a signed-in moderator.
      const plain = await http().patch(`/api/artists/${artist}`).set('Cookie', mod.cookie).set('X-Forwarded-For', freshAddress()).send({ approved: true });
      expect(plain.status).toBe(401);
      const publicList = await http().get('/api/artists').set('Cookie', mod.cookie).set('X-Forwarded-For', freshAddress());
      expect(publicList.body.map((a: { id: string }) => a.id)).not.toContain(artist);
      expect((await asMember(http().patch(`/api/artists/${artist}`), mod.cookie).send({ approved: true })).status).toBe(200);
      expect((await asKey(http().patch(`/api/artists/${artist}`)).set('Origin', 'https://evil.example').send({ featured: true })).status).toBe(200);
    });

    it('removing a person ends their sessions at once (401); a role change does too', async () => {
      const gone = await member('Gone', 'moderator');
      const second = await signIn(gone.passkey);
      expect((await asKey(http().delete(`/api/admin/people/${gone.id}`))).status).toBe(204);
      for (const cookie of [gone.cookie, second]) {
        expect((await asMember(http().get('/api/admin/me'), cookie)).status).toBe(401);
        expect((await asMember(http().patch(`/api/artists/${await pendingArtist('After')}`), cookie).send({ approved: true })).status).toBe(401);
      }
      expect((await trySignIn(gone.passkey)).status).toBe(401);

      const moved = await member('Moved', 'moderator');
      const patched = await asKey(http().patch(`/api/admin/people/${moved.id}`)).send({ role: 'editor' });
      expect(patched.body).toMatchObject({ role: 'editor' });
      expect((await asMember(http().get('/api/admin/me'), moved.cookie)).status).toBe(401);
      const back = await signIn(moved.passkey);
      expect((await asMember(http().get('/api/admin/me'), back)).body.role).toBe('editor');
    });

    it('sign-out ends the session; a person may hold several passkeys', async () => {
      const two = await member('Two', 'moderator');
      const options = await asMember(http().post('/api/admin/passkeys/register/options'), two.cookie);
      expect(options.status).toBe(200);
      const second = createPasskey(options.body.options, PEOPLE_ORIGIN);
      // The first passkey is excluded: the same authenticator is not registered twice.
      expect(options.body.options.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([two.passkey.id]);
      const added = await asMember(http().post('/api/admin/passkeys/register/verify'), two.cookie).send({ ceremonyId: options.body.ceremonyId, response: second.response });
      expect(added.status).toBe(201);
      expect(added.body).toEqual({ passkeys: 2 });
      const viaSecond = await signIn({ ...second.passkey, userHandle: two.passkey.userHandle });
      expect((await asMember(http().get('/api/admin/me'), viaSecond)).body.name).toBe('Two');

      expect((await asMember(http().post('/api/admin/sign-out'), viaSecond)).status).toBe(204);
      expect((await asMember(http().get('/api/admin/me'), viaSecond)).status).toBe(401);
      expect((await asMember(http().get('/api/admin/me'), two.cookie)).status).toBe(200);
    });

    it('a session lasts 30 days from its last use (sliding)', async () => {
      const slide = await member('Slide', 'moderator');
      t().clock.advance(29 * DAY);
      expect((await asMember(http().get('/api/admin/me'), slide.cookie)).status).toBe(200);
      t().clock.advance(29 * DAY);
      expect((await asMember(http().get('/api/admin/me'), slide.cookie)).status).toBe(200);
      t().clock.advance(31 * DAY);
      expect((await asMember(http().get('/api/admin/me'), slide.cookie)).status).toBe(401);
      // Only the hash is kept.
      const rows = await t().db('admin_sessions').select('token_hash');
      expect(JSON.stringify(rows)).not.toContain(decodeURIComponent(slide.cookie.split('=')[1]!));
    });

    it('expired sessions and ceremonies are pruned; open ones stay', async () => {
      const { prunePeople } = await import('./people.service');
      const stays = await member('Stays', 'moderator');
      await http().post('/api/admin/passkeys/sign-in/options').set('X-Forwarded-For', freshAddress());
      const deps = { db: t().db, config: t().config, now: () => t().clock.now, storage: undefined as never, jobs: undefined as never };
      await prunePeople(deps);
      expect((await asMember(http().get('/api/admin/me'), stays.cookie)).status).toBe(200);
      t().clock.advance(31 * DAY);
      await prunePeople(deps);
      const count = async (table: string) => Number(((await t().db(table).count({ n: '*' }).first()) as { n: number | string }).n);
      expect(await count('admin_sessions')).toBe(0);
      expect(await count('admin_ceremonies')).toBe(0);
    });

    it('every admin write leaves one activity entry with who did it; a refused one leaves none', async () => {
      const ann = await member('Ann', 'moderator');
      const artist = await pendingArtist('Machel');
      await asMember(http().patch(`/api/artists/${artist}`), ann.cookie).send({ approved: true });
      const before = (await activity()).length;
      expect((await asMember(http().patch('/api/artists/missing'), ann.cookie).send({ approved: true })).status).toBe(404);
      const settings = (await asKey(http().get('/api/settings'))).body;
      expect((await asMember(http().put('/api/settings'), ann.cookie).send(settings)).status).toBe(403);
      expect((await activity()).length).toBe(before);

      const saved = await asKey(http().put('/api/settings')).send({ ...settings, radioHtmlEmbed: '<p>radio</p>', streamUrl: 'https://stream.example/live' });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const entries = await activity();
      expect(entries[0]).toMatchObject({ actor: { id: null, name: 'admin key' }, action: 'settings.update', summary: 'changed radioHtmlEmbed, streamUrl' });
      expect(entries).toContainEqual(expect.objectContaining({ actor: { id: ann.id, name: 'Ann' }, action: 'artist.approve', target: { type: 'artist', id: artist }, summary: 'approved artist Machel' }));
      expect(entries).toContainEqual(expect.objectContaining({ actor: { id: null, name: 'admin key' }, action: 'invite.create', summary: 'invited Ann as moderator' }));
      expect(entries).toContainEqual(expect.objectContaining({ actor: { id: ann.id, name: 'Ann' }, action: 'person.join', summary: 'Ann joined as moderator' }));

      // Filtered by person, paged newest first.
      const anns = await activity(`?person=${ann.id}`);
      expect(anns.map((e) => e.action)).toEqual(['artist.approve', 'person.join']);
      const first = await asKey(http().get('/api/admin/activity?limit=1'));
      expect(first.body).toHaveLength(1);
      const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))![1]!;
      const second = await asKey(http().get(next));
      expect(second.body[0]).toEqual(entries[1]);
    });

    it('many admin writes at once (a bulk action) all go through, each with its entry', async () => {
      const ids = await Promise.all(Array.from({ length: 24 }, (_, i) => pendingArtist(`Bulk ${i}`)));
      const answers = await Promise.all(ids.map((id) => asKey(http().delete(`/api/artists/${id}`))));
      expect(answers.map((a) => a.status)).toEqual(ids.map(() => 204));
      const deleted = (await activity('?limit=100')).filter((e) => e.action === 'artist.delete' && ids.includes(e.target.id));
      expect(deleted).toHaveLength(ids.length);
    });

    it('the activity entry is written in the same transaction as the change: no entry, no change', async () => {
      const artist = await pendingArtist('Rolled Back');
      await t().db.schema.renameTable('admin_activity', 'admin_activity_away');
      try {
        const res = await asKey(http().patch(`/api/artists/${artist}`)).send({ approved: true });
        expect(res.status).toBe(500);
      } finally {
        await t().db.schema.renameTable('admin_activity_away', 'admin_activity');
      }
      expect((await asKey(http().get(`/api/artists/${artist}`))).body.approved).toBe(false);
    });
  },
);

describeWithPeople(
  'the lock-outs and passkeys',
  (t, { http, asMember, trySignIn, member }) => {
    it('101 wrong keys from 11 addresses lock the key out for everyone, but passkey sign-in and open sessions keep working', async () => {
      const open = await member('Open', 'moderator');
      const later = await member('Later', 'moderator');
      let sent = 0;
      for (let a = 0; a < 11 && sent < 101; a++) {
        const address = freshAddress();
        for (let i = 0; i < 10 && sent < 101; i++, sent++) {
          const res = await http().get('/api/settings').set('X-Forwarded-For', address).set('x-admin-key', `wrong-${sent}`);
          expect(res.status).toBe(401);
        }
      }
      expect(sent).toBe(101);
      // The key is locked for everyone, even the right key from a new address.
      expect((await http().get('/api/settings').set('X-Forwarded-For', freshAddress()).set('x-admin-key', ADMIN_KEY)).status).toBe(429);
      // An open session works, reads and writes.
      expect((await asMember(http().get('/api/admin/me'), open.cookie)).status).toBe(200);
      const artist = await http().post('/api/artists').set('X-Forwarded-For', freshAddress()).send({ name: 'Still', bio: 'b', countryCode: 'GY' });
      expect((await asMember(http().patch(`/api/artists/${artist.body.id}`), open.cookie).send({ approved: true })).status).toBe(200);
      // A passkey sign-in works.
      const signedIn = await trySignIn(later.passkey);
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.name).toBe('Later');
    });

    it('failed passkey sign-ins are limited per address, never per person alone', async () => {
      // Past the window of the test before, whose wrong keys locked the key out.
      t().clock.advance(15 * 60 * 1000 + 1000);
      const pat = await member('Pat', 'moderator');
      const address = freshAddress();
      for (let i = 0; i < 10; i++) expect((await trySignIn(pat.passkey, address, true)).status).toBe(401);
      // That address is locked out, even with a good signature.
      expect((await trySignIn(pat.passkey, address)).status).toBe(429);

      // Others are not, from elsewhere.
      const other = await member('Other', 'moderator');
      expect((await trySignIn(other.passkey, freshAddress())).status).toBe(200);
      // Ten forged answers naming Sam's passkey from ten addresses: a stranger cannot lock Sam out.
      const sam = await member('Sam', 'moderator');
      for (let i = 0; i < 10; i++) expect((await trySignIn(sam.passkey, freshAddress(), true)).status).toBe(401);
      expect((await trySignIn(sam.passkey, freshAddress())).status).toBe(200);
      // And a window later, the locked address is back.
      t().clock.advance(15 * 60 * 1000 + 1000);
      expect((await trySignIn(pat.passkey, address)).status).toBe(200);
    });
  },
);

describe('people routes', () => {
  it('name the ceremony routes under /api/admin/passkeys', async () => {
    const { OPERATIONS } = await import('../../operations');
    const paths = OPERATIONS.map((o) => `${o.method} ${o.path}`);
    for (const p of ['post /api/admin/passkeys/register/options', 'post /api/admin/passkeys/register/verify', 'post /api/admin/passkeys/sign-in/options', 'post /api/admin/passkeys/sign-in/verify']) expect(paths).toContain(p);
  });
});
