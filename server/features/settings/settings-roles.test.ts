import { expect, it } from 'vitest';
import { describeWithPeople } from '../../test/admin-people';

// docs/api.md, Settings: npJsonUrl is the server's own (it may carry the now-playing API's
// token), so among admins only owners read it; moderators and editors get what visitors get.
describeWithPeople(
  'settings: who reads npJsonUrl',
  (t, { http, asKey, asMember, member }) => {
    it('owners (a person or the key) read npJsonUrl; moderators and editors do not', async () => {
      const secret = 'https://np.example/api/nowplaying/1?token=SECRET';
      const settings = (await asKey(http().get('/api/settings'))).body;
      expect((await asKey(http().put('/api/settings')).send({ ...settings, radioHtmlEmbed: '<p>radio</p>', streamUrl: 'https://stream.example/live', npJsonUrl: secret })).status).toBe(200);
      expect((await asKey(http().get('/api/settings'))).body.npJsonUrl).toBe(secret);
      const owner = await member('Olive', 'owner');
      expect((await asMember(http().get('/api/settings'), owner.cookie)).body.npJsonUrl).toBe(secret);
      for (const role of ['moderator', 'editor'] as const) {
        const someone = await member(`A ${role}`, role);
        const res = await asMember(http().get('/api/settings'), someone.cookie);
        expect(res.status).toBe(200);
        expect(res.body).not.toHaveProperty('npJsonUrl');
        expect(res.text).not.toContain('SECRET');
        // The rest of the admin's answer is still there.
        expect(res.body.streamUrl).toBe('https://stream.example/live');
      }
    });
  },
);
