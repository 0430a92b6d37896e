import { expect, it } from 'vitest';
import * as v from 'valibot';
import { ShowSchema } from '../../../domain/shows';
import { adminHeaders, expectVisitorWritesRefused, withOverrides } from '../../test/api-requests';
import { describeEachEngine, freshAddress } from '../../test/test-app';

const CARIBBEAN = '?tenant=caribbean';

const morningShow = withOverrides({
  title: 'Morning Praise',
  description: 'Wake up with gospel from across the islands',
  startTime: '06:00',
  endTime: '09:00',
  days: ['Monday', 'Wednesday', 'Friday'],
});

describeEachEngine('shows', (t) => {
  const create = (body: unknown, query = '') => t().http().post(`/api/shows${query}`).set(adminHeaders()).send(body as object);
  const list = (query = '') => t().http().get(`/api/shows${query}`).set('X-Forwarded-For', freshAddress());
  const ids = (res: { body: { id: string }[] }) => res.body.map((s) => s.id);

  it('creates a show for an admin (201) with the docs/api.md shape, and lists it to visitors', async () => {
    const res = await create(morningShow({ unknownField: 'dropped', id: 'chosen-by-client' }));
    expect(res.status).toBe(201);
    // 'Record this show' is off unless asked (docs/api.md: record, default false).
    expect(res.body).toEqual({ id: expect.any(String), ...morningShow(), record: false });
    expect(res.body.id).not.toBe('chosen-by-client');
    expect(v.is(ShowSchema, res.body)).toBe(true);
    const row = await t().db('shows').where({ id: res.body.id }).first();
    expect(row).toBeTruthy();
    expect(row).not.toHaveProperty('unknownField');

    const visitor = await list();
    expect(visitor.status).toBe(200);
    expect(visitor.headers['cache-control']).toBe('no-cache');
    const found = visitor.body.find((s: { id: string }) => s.id === res.body.id);
    expect(found).toEqual(res.body);
  });

  it('takes record (docs/recorder.md) on create and PATCH, keeps it through other edits, and refuses a non-boolean', async () => {
    const marked = await create(morningShow({ title: 'Recorded Sermon', record: true }));
    expect(marked.status).toBe(201);
    expect(marked.body.record).toBe(true);
    expect(v.is(ShowSchema, marked.body)).toBe(true);
    const renamed = await t().http().patch(`/api/shows/${marked.body.id}`).set(adminHeaders()).send({ title: 'Recorded Sermon II' });
    expect(renamed.body.record).toBe(true);
    const off = await t().http().patch(`/api/shows/${marked.body.id}`).set(adminHeaders()).send({ record: false });
    expect(off.status).toBe(200);
    expect(off.body.record).toBe(false);
    expect((await list()).body.find((s: { id: string }) => s.id === marked.body.id).record).toBe(false);
    const bad = await create(morningShow({ record: 'yes' }));
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([{ path: 'record', message: 'record must be true or false' }]);
    // Only the roles that edit the schedule may mark a show (the admin writes' own check).
    const visitor = await t().http().patch(`/api/shows/${marked.body.id}`).set('X-Forwarded-For', freshAddress()).send({ record: true });
    expect(visitor.status).toBe(401);
  });

  it('normalises days to week order without duplicates, and trims the text', async () => {
    const res = await create(morningShow({ title: '  Drive Time  ', days: ['Saturday', 'Sunday', 'Saturday', 'Tuesday'] }));
    expect(res.status).toBe(201);
    expect(res.body.title).toBe('Drive Time');
    expect(res.body.days).toEqual(['Sunday', 'Tuesday', 'Saturday']);
    const noDescription = await create({ title: 'Quiet Hour', startTime: '23:00', endTime: '00:00', days: ['Sunday'] });
    expect(noDescription.status).toBe(201);
    expect(noDescription.body.description).toBe('');
  });

  it('keeps shows per tenant', async () => {
    const praise = await create(morningShow({ title: 'Only on Praise' }), CARIBBEAN);
    expect(praise.status).toBe(201);
    const watzhott = await create(morningShow({ title: 'Only on Watzhott' }));
    expect(ids(await list(CARIBBEAN))).toContain(praise.body.id);
    expect(ids(await list(CARIBBEAN))).not.toContain(watzhott.body.id);
    expect(ids(await list())).toContain(watzhott.body.id);
    expect(ids(await list())).not.toContain(praise.body.id);
    // Nor can one tenant's admin reach the other's show by id.
    const cross = await t().http().patch(`/api/shows/${praise.body.id}`).set(adminHeaders()).send({ title: 'hijacked' });
    expect(cross.status).toBe(404);
    const crossDelete = await t().http().delete(`/api/shows/${praise.body.id}`).set(adminHeaders());
    expect(crossDelete.status).toBe(404);
    const still = await t().db('shows').where({ id: praise.body.id }).first();
    expect(still.title).toBe('Only on Praise');
  });

  it('lists in start-time order', async () => {
    const tenantQuery = '?tenant=caribbean';
    await t().db('shows').where({ tenant: 'caribbean' }).delete();
    await create(morningShow({ title: 'Late', startTime: '21:00', endTime: '23:00' }), tenantQuery);
    await create(morningShow({ title: 'Early', startTime: '05:30', endTime: '06:00' }), tenantQuery);
    await create(morningShow({ title: 'Noon', startTime: '12:00', endTime: '13:00' }), tenantQuery);
    const res = await list(tenantQuery);
    expect(res.body.map((s: { title: string }) => s.title)).toEqual(['Early', 'Noon', 'Late']);
  });

  it('updates with PATCH (200), keeping the fields not sent', async () => {
    const created = await create(morningShow());
    const res = await t()
      .http()
      .patch(`/api/shows/${created.body.id}`)
      .set(adminHeaders())
      .send({ endTime: '10:30', days: ['Sunday'], evil: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...created.body, endTime: '10:30', days: ['Sunday'] });
    const again = (await list()).body.find((s: { id: string }) => s.id === created.body.id);
    expect(again).toEqual(res.body);
  });

  it('deletes with DELETE (204), then 404', async () => {
    const created = await create(morningShow());
    const res = await t().http().delete(`/api/shows/${created.body.id}`).set(adminHeaders());
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(ids(await list())).not.toContain(created.body.id);
    const again = await t().http().delete(`/api/shows/${created.body.id}`).set(adminHeaders());
    expect(again.status).toBe(404);
    expect(again.body.error).toEqual(expect.any(String));
  });

  it('answers 404 JSON for an unknown id', async () => {
    const patch = await t().http().patch('/api/shows/no-such-show').set(adminHeaders()).send({ title: 'x' });
    expect(patch.status).toBe(404);
    expect(patch.body).toEqual({ error: expect.any(String) });
    const del = await t().http().delete('/api/shows/no-such-show').set(adminHeaders());
    expect(del.status).toBe(404);
  });

  it('refuses visitor writes with 401 and changes nothing', async () => {
    const bodies = { existing: morningShow(), create: morningShow({ title: 'Pirate Radio' }), newRow: { title: 'Pirate Radio' }, patch: { title: 'Pirate' } };
    const row = await expectVisitorWritesRefused(t(), { collection: '/api/shows', table: 'shows' }, bodies);
    expect(row.title).toBe('Morning Praise');
    const wrongKey = await t().http().post('/api/shows').set('X-Forwarded-For', freshAddress()).set('x-admin-key', 'nope').send(morningShow());
    expect(wrongKey.status).toBe(401);
  });

  it.each([
    ['startTime', '6:00'],
    ['startTime', '24:00'],
    ['startTime', '12:60'],
    ['startTime', '0600'],
    ['endTime', '9am'],
    ['endTime', ''],
    ['days', ['Funday']],
    ['days', ['monday']],
    ['days', []],
    ['days', 'Monday'],
    ['title', '   '],
    ['title', undefined],
  ])('refuses %s = %j with 400 and an issue on that field', async (field, value) => {
    const body: Record<string, unknown> = morningShow({ [field]: value });
    if (value === undefined) delete body[field];
    const before = await t().db('shows').count({ n: '*' }).first();
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: expect.stringMatching(new RegExp(`^${field}`)), message: expect.any(String) }]);
    const after = await t().db('shows').count({ n: '*' }).first();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });

  it('gives readable messages for times and days', async () => {
    const time = await create(morningShow({ startTime: '25:00' }));
    expect(time.body.issues).toEqual([{ path: 'startTime', message: 'Start time must be HH:MM' }]);
    const day = await create(morningShow({ days: ['Someday'] }));
    expect(day.body.issues).toEqual([{ path: 'days.0', message: 'Days must be weekday names' }]);
    const noTitle: Record<string, unknown> = morningShow();
    delete noTitle.title;
    expect((await create(noTitle)).body.issues).toEqual([{ path: 'title', message: 'Show title is required' }]);
    const same = await create(morningShow({ startTime: '08:00', endTime: '08:00' }));
    expect(same.status).toBe(400);
    expect(same.body.issues).toEqual([{ path: 'endTime', message: expect.any(String) }]);
  });

  it('validates PATCH the same way', async () => {
    const created = await create(morningShow());
    const res = await t().http().patch(`/api/shows/${created.body.id}`).set(adminHeaders()).send({ startTime: '7:5', days: ['Caturday'] });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['days.0', 'startTime']);
    const row = await t().db('shows').where({ id: created.body.id }).first();
    expect(row.start_time).toBe('06:00');
  });
});
