import { beforeAll, expect, it } from 'vitest';
import { describeWithPeople, PEOPLE_ORIGIN } from '../../test/admin-people';
import { speechLikeMp3, uploadEpisodeAudio } from '../../test/speech-audio';

let speech: Buffer;
beforeAll(() => {
  speech = speechLikeMp3(3);
});

// docs/api.md "Admins who are people": episodes are content (editors, owners), and every write
// leaves one activity entry.
describeWithPeople(
  'episodes: roles and the activity log',
  (t, { http, asKey, asMember, member }) => {
    it('an editor adds, publishes and deletes episodes; a moderator may not (403); each write is logged', async () => {
      const editor = await member('Eddie', 'editor');
      const mod = await member('Mo', 'moderator');
      const audioUrl = (await uploadEpisodeAudio(t(), speech)) as string;

      expect((await asMember(http().post('/api/episodes'), mod.cookie).send({ title: 'No', audioUrl })).status).toBe(403);
      // Nor may a moderator start an episode-sized upload (an episode's limit is the whole day's quota).
      const memberHeaders = (cookie: string) => ({ Cookie: cookie, 'x-admin-session': '1', Origin: PEOPLE_ORIGIN });
      const refused = (await uploadEpisodeAudio(t(), speech, memberHeaders(mod.cookie))) as Response;
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ error: 'Your role cannot do this' });
      expect(typeof (await uploadEpisodeAudio(t(), speech, memberHeaders(editor.cookie)))).toBe('string');
      const created = await asMember(http().post('/api/episodes'), editor.cookie).send({ title: 'Grace', audioUrl });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.id as string;
      expect((await asMember(http().patch(`/api/episodes/${id}`), mod.cookie).send({ status: 'published' })).status).toBe(403);
      expect((await asMember(http().patch(`/api/episodes/${id}`), editor.cookie).send({ status: 'published' })).status).toBe(200);
      expect((await asMember(http().delete(`/api/episodes/${id}`), mod.cookie)).status).toBe(403);
      expect((await asMember(http().delete(`/api/episodes/${id}`), editor.cookie)).status).toBe(204);

      const log = (await asKey(http().get('/api/admin/activity'))).body as { actor: { name: string }; action: string; summary: string; target: { id: string } }[];
      const mine = log.filter((e) => e.target.id === id).map((e) => [e.actor.name, e.action, e.summary]);
      expect(mine).toEqual([
        ['Eddie', 'episode.delete', 'deleted episode Grace'],
        ['Eddie', 'episode.publish', 'published episode Grace'],
        ['Eddie', 'episode.create', 'added episode Grace'],
      ]);
    });
  },
);
