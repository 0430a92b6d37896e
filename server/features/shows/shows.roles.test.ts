import { expect, it } from 'vitest';
import { describeWithPeople } from '../../test/admin-people';

// docs/api.md "Admins who are people": marking a show 'Record this show' (docs/recorder.md) is
// an edit of the schedule, so the roles that edit the schedule (editors, owners) may, and a
// moderator may not.
describeWithPeople(
  'shows: who may mark a show to record',
  (t, { http, asMember, member }) => {
    it('an editor marks a show to record; a moderator may not (403)', async () => {
      const editor = await member('Edna', 'editor');
      const mod = await member('Moe', 'moderator');
      const show = { title: 'Recorded Hour', startTime: '10:00', endTime: '11:00', days: ['Sunday'] };
      expect((await asMember(http().post('/api/shows'), mod.cookie).send({ ...show, record: true })).status).toBe(403);
      const created = await asMember(http().post('/api/shows'), editor.cookie).send(show);
      expect(created.status).toBe(201);
      const id = created.body.id as string;
      expect((await asMember(http().patch(`/api/shows/${id}`), mod.cookie).send({ record: true })).status).toBe(403);
      const marked = await asMember(http().patch(`/api/shows/${id}`), editor.cookie).send({ record: true });
      expect(marked.status).toBe(200);
      expect(marked.body.record).toBe(true);
    });
  },
);
