/**
 * Property-based tests over every public write route: random and hostile bodies never cause a
 * 5xx, every 2xx answer validates against the domain schema, and no stored row ever carries a
 * value a visitor may not set (approved, featured, status, active, hearts).
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import * as v from 'valibot';
import { ArtistSchema } from '../../domain/artists';
import { PrayerSchema } from '../../domain/prayers';
import { ShoutoutSchema } from '../../domain/shoutouts';
import { SponsorSchema } from '../../domain/sponsors';
import { TrackSchema } from '../../domain/tracks';
import { mp3, PNG_1X1, wav } from '../test/media-fixtures';
import { ADMIN_KEY, describeEachEngine, freshAddress, type TestApp } from '../test/test-app';

const CARIBBEAN = '?tenant=caribbean';
const RUNS = 120;
const FORBIDDEN_KEYS = ['approved', 'featured', 'status', 'active', 'hearts'] as const;
const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', ...FORBIDDEN_KEYS];

type Json = Record<string, unknown>;

/** Any value JSON.stringify can write, including ones fast-check builds out of fc.anything(). */
function stringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    return 'null'; // BigInt and friends
  }
}

const forbiddenValue = fc.oneof(
  fc.constant(true),
  fc.constant('approved'),
  fc.constant('rejected'),
  fc.constant(1),
  fc.constant(99),
  fc.constant('true'),
  fc.integer(),
  fc.anything(),
);

/** A valid body, with some fields replaced by wrong types and forbidden/unknown fields added. */
function mutated(valid: Json): fc.Arbitrary<string> {
  const keys = Object.keys(valid);
  return fc
    .record({
      replace: fc.dictionary(fc.constantFrom(...keys), fc.oneof(fc.anything(), fc.string({ maxLength: 5000 }), fc.constant(null)), { maxKeys: 2 }),
      forbidden: fc.dictionary(fc.constantFrom(...FORBIDDEN_KEYS), forbiddenValue, { minKeys: 1 }),
      extra: fc.dictionary(fc.string({ maxLength: 20 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
      dropSome: fc.subarray(keys, { maxLength: 1 }),
    })
    .map(({ replace, forbidden, extra, dropSome }) => {
      const body: Json = { ...extra, ...valid, ...forbidden };
      for (const k of dropSome) delete body[k];
      for (const [k, val] of Object.entries(replace)) body[k] = val;
      return stringify(body);
    });
}

/** A valid body carrying prototype-pollution keys as own JSON properties. */
function polluted(valid: Json): fc.Arbitrary<string> {
  return fc
    .record({
      key: fc.constantFrom('__proto__', 'constructor', 'prototype'),
      inner: fc.dictionary(fc.constantFrom(...HOSTILE_KEYS), forbiddenValue, { minKeys: 1 }),
    })
    .map(({ key, inner }) => {
      const payload = key === 'constructor' ? { prototype: inner } : inner;
      // Written by hand so "__proto__" is a real own key in the text, as an attacker would send it.
      return `{"${key}":${stringify(payload)},${stringify(valid).slice(1)}`;
    });
}

function deeplyNested(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** Every kind of hostile body text, with the valid body of the route mixed in. */
function hostileBody(valid: Json): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: mutated(valid) },
    { weight: 2, arbitrary: polluted(valid) },
    { weight: 2, arbitrary: fc.json({ maxDepth: 4 }) },
    { weight: 2, arbitrary: fc.anything({ maxDepth: 3, withBoxedValues: true, withMap: true, withSet: true, withNullPrototype: true }).map(stringify) },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) }, // mostly not JSON at all
    { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 300_000 }).map((n) => stringify({ ...valid, text: 'x'.repeat(n), name: 'n'.repeat(n), bio: 'b'.repeat(n) })) },
    { weight: 1, arbitrary: fc.integer({ min: 50, max: 3_000 }).map(deeplyNested) },
    { weight: 1, arbitrary: fc.constantFrom('', '{', '[]', 'null', '"str"', '1e999', '{"a":1,"a":2}', '\u0000', '{"text":"\\ud800"}') },
  );
}

function expectJsonError(res: { status: number; body: unknown; headers: Record<string, string> }): void {
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  expect(typeof (res.body as { error?: unknown }).error).toBe('string');
}

const falsy = (x: unknown) => x === false || x === 0;

describeEachEngine('public writes under random and hostile bodies', (t) => {
  let artistId = '';
  let approvedPrayerId = '';
  let pendingPrayerId = '';

  const postRaw = (path: string, text: string) =>
    t().http().post(path).set('X-Forwarded-For', freshAddress()).set('Content-Type', 'application/json').send(text);

  beforeAll(async () => {
    const artist = await t()
      .http()
      .post('/api/artists')
      .set('X-Forwarded-For', freshAddress())
      .send({ name: 'Property Artist', bio: 'Bio', countryCode: 'GY' });
    expect(artist.status).toBe(201);
    artistId = artist.body.id;
    const p1 = await postRaw(`/api/prayers${CARIBBEAN}`, stringify({ text: 'Approved one' }));
    const p2 = await postRaw(`/api/prayers${CARIBBEAN}`, stringify({ text: 'Pending one' }));
    expect(p1.status).toBe(201);
    expect(p2.status).toBe(201);
    approvedPrayerId = p1.body.id;
    pendingPrayerId = p2.body.id;
    const ok = await t().http().patch(`/api/prayers/${approvedPrayerId}${CARIBBEAN}`).set('x-admin-key', ADMIN_KEY).send({ approved: true });
    expect(ok.status).toBe(200);
  });

  async function checkRoute(opts: {
    path: string;
    valid: () => Json;
    schema: v.GenericSchema;
    table: string;
    stored: (row: Json) => void;
  }): Promise<void> {
    let created = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(hostileBody(opts.valid()), fc.constant(stringify(opts.valid()))), async (text) => {
        const res = await postRaw(opts.path, text);
        expect(res.status, `${res.status} for body ${text.slice(0, 300)}`).toBeLessThan(500);
        if (res.status >= 400) {
          expectJsonError(res);
          return;
        }
        expect(res.status).toBe(201);
        created += 1;
        const parsed = v.safeParse(opts.schema, res.body);
        expect(parsed.success, JSON.stringify(parsed.issues ?? [])).toBe(true);
        const row = (await t().db(opts.table).where({ id: res.body.id }).first()) as Json | undefined;
        expect(row).toBeDefined();
        opts.stored(row!);
      }),
      { numRuns: RUNS },
    );
    expect(({} as Json).approved).toBeUndefined(); // nothing leaked onto Object.prototype
    expect(created).toBeGreaterThan(0); // the valid body (and valid mutations) got through
  }

  it('POST /api/artists', async () => {
    await checkRoute({
      path: '/api/artists',
      valid: () => ({ name: 'Kes', bio: 'Soca from Trinidad', countryCode: 'TT', socials: { instagram: 'https://instagram.com/kes' } }),
      schema: ArtistSchema,
      table: 'artists',
      stored: (row) => {
        expect(falsy(row.approved)).toBe(true);
        expect(falsy(row.featured)).toBe(true);
      },
    });
  });

  it('POST /api/tracks', async () => {
    await checkRoute({
      path: '/api/tracks',
      valid: () => ({ artistId, title: 'Sweet Soca Music', genre: 'Soca', explicit: false, bpm: 120, fileUrl: `/uploads/${randomUUID()}.mp3` }),
      schema: TrackSchema,
      table: 'tracks',
      stored: (row) => {
        expect(row.status).toBe('pending');
        expect(falsy(row.featured)).toBe(true);
      },
    });
  });

  it('POST /api/sponsors', async () => {
    await checkRoute({
      path: '/api/sponsors',
      valid: () => ({ name: 'Island Breeze Bakery', tier: 'standard', targetUrl: 'https://islandbreeze.example.com', notes: 'Email: a@b.example', active: false }),
      schema: SponsorSchema,
      table: 'sponsors',
      stored: (row) => {
        expect(falsy(row.active)).toBe(true);
      },
    });
  });

  it('POST /api/prayers', async () => {
    await checkRoute({
      path: `/api/prayers${CARIBBEAN}`,
      valid: () => ({ text: 'Healing for my mother', nameOptional: 'Ann' }),
      schema: PrayerSchema,
      table: 'prayers',
      stored: (row) => {
        expect(falsy(row.approved)).toBe(true);
        expect(Number(row.hearts)).toBe(0);
      },
    });
  });

  it('PATCH /api/prayers/:id as a visitor adds at most one heart and never moderates', async () => {
    const heartsOf = async (id: string) => Number((await t().db('prayers').where({ id }).first()).hearts);
    await fc.assert(
      fc.asyncProperty(fc.boolean(), hostileBody({ hearts: 1 }), async (onApproved, text) => {
        const id = onApproved ? approvedPrayerId : pendingPrayerId;
        const before = await heartsOf(id);
        const res = await t()
          .http()
          .patch(`/api/prayers/${id}${CARIBBEAN}`)
          .set('X-Forwarded-For', freshAddress())
          .set('Content-Type', 'application/json')
          .send(text);
        expect(res.status, `${res.status} for body ${text.slice(0, 300)}`).toBeLessThan(500);
        const after = await heartsOf(id);
        if (res.status >= 400) {
          expectJsonError(res);
          expect(after).toBe(before);
        } else {
          expect(res.status).toBe(200);
          expect(onApproved).toBe(true);
          expect(res.body).toEqual({ id, hearts: before + 1 });
          expect(after).toBe(before + 1);
        }
        const pending = await t().db('prayers').where({ id: pendingPrayerId }).first();
        expect(falsy(pending.approved)).toBe(true);
        expect(Number(pending.hearts)).toBe(0);
      }),
      { numRuns: RUNS },
    );
  });

  // ------------------------------------------------------------ multipart

  /** Random bytes, or a real file's bytes with random corruption so parsers go deeper. */
  const fileBytes = fc.oneof(
    fc.uint8Array({ maxLength: 4096 }).map((a) => Buffer.from(a)),
    fc
      .record({
        base: fc.constantFrom(wav(22050, 1, 16), mp3(128), PNG_1X1),
        flips: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 20 }),
        cut: fc.option(fc.nat(), { nil: undefined }),
      })
      .map(({ base, flips, cut }) => {
        const buf = Buffer.from(base);
        for (const [i, b] of flips) buf[i % buf.length] = b;
        return cut === undefined ? buf : buf.subarray(0, cut % (buf.length + 1));
      }),
  );
  const filename = fc.oneof(fc.constantFrom('a.wav', 'a.mp3', 'x.png', '../../etc/passwd', 'a.html', 'noext', '.'), fc.string({ minLength: 1, maxLength: 60 }));
  const contentType = fc.constantFrom('audio/wav', 'audio/mpeg', 'image/png', 'text/html', 'application/octet-stream', 'image/svg+xml', 'audio/webm');
  const extraField = fc.dictionary(
    fc.oneof(fc.constantFrom('approved', 'status', 'featured', 'hearts', 'active', 'nameOptional', '__proto__'), fc.string({ minLength: 1, maxLength: 10 })),
    fc.string({ maxLength: 200 }),
    { maxKeys: 3 },
  );

  function multipart(app: TestApp, path: string, field: string, input: { bytes: Buffer; name: string; type: string; fields: Record<string, string> }) {
    const req = app.http().post(path).set('X-Forwarded-For', freshAddress());
    for (const [k, val] of Object.entries(input.fields)) req.field(k, val);
    // supertest needs a filename without path separators or quotes to build the header.
    const safeName = input.name.replace(/["\r\n\\/]/g, '_') || 'f';
    return req.attach(field, input.bytes, { filename: safeName, contentType: input.type });
  }

  const multipartInput = fc.record({ bytes: fileBytes, name: filename, type: contentType, fields: extraField, field: fc.constantFrom('file', 'audio', 'other') });

  /**
   * Random multipart posts to `path`, the drawn 'file' or 'audio' part sent under `fileField`:
   * never a 5xx, a refusal is a JSON error, and a 201 is checked by `created`.
   */
  const multipartProperty = (path: string, fileField: 'file' | 'audio', created: (res: Awaited<ReturnType<typeof multipart>>) => Promise<void> | void) =>
    fc.assert(
      fc.asyncProperty(multipartInput, async (input) => {
        const res = await multipart(t(), path, input.field === 'other' ? input.field : fileField, input);
        expect(res.status, `${res.status}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
        if (res.status >= 400) return expectJsonError(res);
        expect(res.status).toBe(201);
        await created(res);
      }),
      { numRuns: RUNS },
    );

  it('POST /api/uploads with random bytes', async () => {
    await multipartProperty('/api/uploads', 'file', (res) => {
      expect(Object.keys(res.body)).toEqual(['url']);
      expect(res.body.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.[a-z0-9]+$/);
    });
  });

  it('POST /api/shoutouts with random bytes and fields', async () => {
    await multipartProperty('/api/shoutouts', 'audio', async (res) => {
      expect(v.is(ShoutoutSchema, res.body)).toBe(true);
      expect(res.body.approved).toBe(false);
      const row = await t().db('shoutouts').where({ id: res.body.id }).first();
      expect(falsy(row.approved)).toBe(true);
    });
  });
});
