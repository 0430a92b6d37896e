import { expect, it } from 'vitest';
import * as v from 'valibot';
import { EventSchema } from '../../../domain/events';
import { adminHeaders, expectVisitorWritesRefused, withOverrides } from '../../test/api-requests';
import { describeEachEngine, freshAddress } from '../../test/test-app';

const GATED = 'Events are only available on the Watzhott platform.';

const concert = withOverrides({
  title: 'Soca Sunrise Fete',
  imageUrl: 'https://media.example.com/fete.jpg',
  startIso: '2027-02-14T22:00:00.000Z',
  locationText: 'Queens Park Savannah, Port of Spain',
  priceFrom: 25,
  ticketUrl: 'https://tickets.example.com/fete',
  isPublic: true,
});

describeEachEngine('events', (t) => {
  const create = (body: unknown) => t().http().post('/api/events').set(adminHeaders()).send(body as object);
  const visitorList = () => t().http().get('/api/events').set('X-Forwarded-For', freshAddress());
  const adminList = () => t().http().get('/api/events').set(adminHeaders());
  const ids = (res: { body: { id: string }[] }) => res.body.map((e) => e.id);

  it('creates an event for an admin (201) with the domain shape and drops unknown fields', async () => {
    const res = await create(concert({ startIso: '2027-02-14T18:00:00-04:00', evil: 'x' }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), ...concert(), startIso: '2027-02-14T22:00:00.000Z' });
    expect(v.is(EventSchema, res.body)).toBe(true);
    const row = await t().db('events').where({ id: res.body.id }).first();
    expect(row).not.toHaveProperty('evil');
    const listed = (await adminList()).body.find((e: { id: string }) => e.id === res.body.id);
    expect(listed).toEqual(res.body);
  });

  it('fills optional fields: no image, price or tickets, public by default', async () => {
    const res = await create({ title: 'Open Mic', startIso: '2027-03-01T20:00:00Z' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ imageUrl: null, priceFrom: null, ticketUrl: null, locationText: '', isPublic: true });
  });

  it('shows visitors public events only and admins all of them', async () => {
    const open = await create(concert({ title: 'Public Jam' }));
    const hidden = await create(concert({ title: 'Private Rehearsal', isPublic: false }));
    const visitor = await visitorList();
    expect(visitor.status).toBe(200);
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(ids(visitor)).toContain(open.body.id);
    expect(ids(visitor)).not.toContain(hidden.body.id);
    expect(visitor.body.every((e: { isPublic: boolean }) => e.isPublic)).toBe(true);
    const all = await adminList();
    expect(all.headers['cache-control']).toBe('no-store');
    expect(ids(all)).toEqual(expect.arrayContaining([open.body.id, hidden.body.id]));
  });

  it('lists soonest first', async () => {
    await t().db('events').delete();
    const later = await create(concert({ title: 'Later', startIso: '2027-12-01T00:00:00Z' }));
    const soonest = await create(concert({ title: 'Soonest', startIso: '2027-01-05T10:00:00Z' }));
    const middle = await create(concert({ title: 'Middle', startIso: '2027-06-15T12:30:00+02:00' }));
    const hiddenEarly = await create(concert({ title: 'Hidden', startIso: '2027-01-01T00:00:00Z', isPublic: false }));
    expect(ids(await visitorList())).toEqual([soonest.body.id, middle.body.id, later.body.id]);
    expect(ids(await adminList())).toEqual([hiddenEarly.body.id, soonest.body.id, middle.body.id, later.body.id]);
  });

  it('answers 404 with the Watzhott message on caribbean, by query and by Host', async () => {
    const byQuery = await t().http().get('/api/events?tenant=caribbean');
    expect(byQuery.status).toBe(404);
    expect(byQuery.body).toEqual({ error: GATED });
    const byHost = await t().http().get('/api/events').set('Host', 'www.caribbeanpraise.example');
    expect(byHost.status).toBe(404);
    expect(byHost.body).toEqual({ error: GATED });
    // Admins are gated too, and so are writes.
    const adminGet = await t().http().get('/api/events?tenant=caribbean').set(adminHeaders());
    expect(adminGet.status).toBe(404);
    expect(adminGet.body).toEqual({ error: GATED });
    const adminPost = await t().http().post('/api/events?tenant=caribbean').set(adminHeaders()).send(concert());
    expect(adminPost.status).toBe(404);
    expect(adminPost.body).toEqual({ error: GATED });
    expect(await t().db('events').where({ tenant: 'caribbean' })).toHaveLength(0);
    const existing = await create(concert());
    const patch = await t().http().patch(`/api/events/${existing.body.id}`).set('Host', 'caribbean.example').set(adminHeaders()).send({ title: 'x' });
    expect(patch.status).toBe(404);
    expect(patch.body).toEqual({ error: GATED });
    const del = await t().http().delete(`/api/events/${existing.body.id}?tenant=caribbean`).set(adminHeaders());
    expect(del.status).toBe(404);
    expect(await t().db('events').where({ id: existing.body.id })).toHaveLength(1);
    // Every /api/events* path is gated, even those and the methods no route handles.
    for (const [method, path] of [
      ['get', '/api/events/some-id?tenant=caribbean'],
      ['get', '/api/events/a/b?tenant=caribbean'],
      ['put', '/api/events?tenant=caribbean'],
    ] as const) {
      const res = await t().http()[method](path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: GATED });
    }
    // On watzhott those stay a plain 404 / 405, and other paths are not gated.
    expect((await t().http().put('/api/events')).status).toBe(405);
    expect((await t().http().get('/api/events/a/b')).status).toBe(404);
    const other = await t().http().get('/api/eventsx?tenant=caribbean');
    expect(other.status).toBe(404);
    expect(other.body.error).not.toBe(GATED);
    // A host without 'caribbean' and another tenant value stay on watzhott.
    const watz = await t().http().get('/api/events?tenant=watzhott').set('Host', 'radio.watzhott.example');
    expect(watz.status).toBe(200);
  });

  it('updates with PATCH (200), keeping what was not sent', async () => {
    const created = await create(concert());
    const res = await t().http().patch(`/api/events/${created.body.id}`).set(adminHeaders()).send({ isPublic: false, priceFrom: null, ticketUrl: '' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...created.body, isPublic: false, priceFrom: null, ticketUrl: null });
    expect(ids(await visitorList())).not.toContain(created.body.id);
  });

  it('deletes with DELETE (204), then 404 for the unknown id', async () => {
    const created = await create(concert());
    const res = await t().http().delete(`/api/events/${created.body.id}`).set(adminHeaders());
    expect(res.status).toBe(204);
    expect(ids(await adminList())).not.toContain(created.body.id);
    const again = await t().http().delete(`/api/events/${created.body.id}`).set(adminHeaders());
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: expect.any(String) });
    const patch = await t().http().patch('/api/events/nope').set(adminHeaders()).send({ title: 'x' });
    expect(patch.status).toBe(404);
  });

  it('refuses visitor writes with 401', async () => {
    const bodies = { existing: concert(), create: concert({ title: 'Sneaky' }), newRow: { title: 'Sneaky' }, patch: { isPublic: false } };
    await expectVisitorWritesRefused(t(), { collection: '/api/events', table: 'events' }, bodies);
    const wrong = await t().http().get('/api/events').set('X-Forwarded-For', freshAddress()).set('x-admin-key', 'guess');
    expect(wrong.status).toBe(401);
  });

  it.each([
    ['title', ''],
    ['startIso', 'next friday'],
    ['startIso', '2027-13-45T25:00:00Z'],
    ['imageUrl', 'javascript:alert(1)'],
    ['ticketUrl', 'ftp://tickets.example.com'],
    ['priceFrom', -5],
    ['priceFrom', '25'],
    ['isPublic', 'yes'],
  ])('refuses %s = %j with 400', async (field, value) => {
    const res = await create(concert({ title: `bad ${field}`, [field]: value }));
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: field, message: expect.any(String) }]);
    expect(await t().db('events').where({ title: `bad ${field}` })).toHaveLength(0);
  });
});
