// The moderation bench's database (issue 43): 200 pending artists, 200 pending tracks and 200
// pending prayers (caribbean, the tenant with a prayer wall), and a moderator who is a person
// with an open passkey session. Written straight into the server's SQLite file with Knex, in
// the rows the repositories write (server/features/*/…repository.ts): through the public API
// 600 submissions would meet its per-address limits, and a track would need an upload. The
// session is inserted as a passkey sign-in leaves it (server/http/admin-session.ts: the
// SHA-256 of the cookie's token), because a passkey ceremony needs a browser's WebAuthn or
// the server tests' software authenticator, neither of which a bench should carry.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';

export const PENDING_EACH = 200;
const COUNTRIES = ['JM', 'TT', 'BB', 'GY', 'LC', 'GD', 'BS', 'HT'];
const GENRES = ['Soca', 'Reggae', 'Gospel', 'Dancehall', 'Calypso'];
const iso = (ms) => new Date(ms).toISOString();

/** Knex on the compiled server's SQLite file (the server keeps its own connection meanwhile). */
export async function openDatabase(dir, database) {
  const { default: knex } = await import('knex');
  return knex({ client: 'sqlite3', connection: { filename: path.join(dir, database) }, useNullAsDefault: true, pool: { min: 1, max: 1 } });
}

const pendingCounts = async (db) => ({
  artists: Number((await db('artists').where({ approved: false }).whereNull('reviewed_at').count({ n: '*' }))[0].n),
  tracks: Number((await db('tracks').where({ status: 'pending' }).count({ n: '*' }))[0].n),
  prayers: Number((await db('prayers').where({ tenant: 'caribbean', approved: false }).whereNull('reviewed_at').count({ n: '*' }))[0].n),
});

/**
 * Brings each queue back to PENDING_EACH pending rows (the first call fills them; later calls
 * replace what a run approved or rejected), so every run meets the same 200 + 200 + 200.
 * Dates are spread over the last days, newest first as the queues sort them.
 */
export async function topUpPending(db, now = Date.now()) {
  const have = await pendingCounts(db);
  const stamp = (i) => iso(now - i * 37_000);
  const tag = randomBytes(3).toString('hex');
  // Tracks belong to approved artists (a track of an approved artist is the usual submission).
  let owners = await db('artists').where({ approved: true }).limit(20).pluck('id');
  if (owners.length === 0) {
    owners = Array.from({ length: 20 }, () => randomUUID());
    await db('artists').insert(
      owners.map((id, i) => ({ id, name: `Bench Approved Artist ${i + 1}`, bio: 'An approved artist whose tracks wait for review.', country_code: 'JM', photo_url: null, featured: false, approved: true, created_at: stamp(1000 + i), reviewed_at: stamp(1000 + i) })),
    );
  }
  const artists = Array.from({ length: PENDING_EACH - have.artists }, (_, i) => ({
    id: randomUUID(),
    name: `Pending Artist ${tag}-${i + 1}`,
    bio: `Pending Artist ${tag}-${i + 1} sings about island life, faith and family in every song, recorded live with friends.`,
    country_code: COUNTRIES[i % COUNTRIES.length],
    photo_url: null,
    featured: false,
    approved: false,
    created_at: stamp(i),
  }));
  const tracks = Array.from({ length: PENDING_EACH - have.tracks }, (_, i) => ({
    id: randomUUID(),
    artist_id: owners[i % owners.length],
    title: `Pending Track ${tag}-${i + 1}`,
    genre: GENRES[i % GENRES.length],
    bpm: null,
    song_key: null,
    explicit: i % 7 === 0,
    featured: false,
    cover_url: null,
    file_url: `/uploads/${randomUUID()}.mp3`,
    low_data_url: null,
    status: 'pending',
    created_at: stamp(i),
  }));
  const prayers = Array.from({ length: PENDING_EACH - have.prayers }, (_, i) => ({
    id: randomUUID(),
    tenant: 'caribbean',
    text: `Pending prayer ${tag}-${i + 1}: please pray for my family's health and for rain on the farm this season, and for the children's exams.`,
    name_optional: i % 3 === 0 ? null : `Listener ${i + 1}`,
    hearts: 0,
    approved: false,
    created_at: stamp(i),
  }));
  // SQLite takes at most 999 bound values a statement: 50 rows a batch.
  for (const [table, rows] of [['artists', artists], ['tracks', tracks], ['prayers', prayers]]) {
    if (rows.length) await db.batchInsert(table, rows, 50);
  }
  return pendingCounts(db);
}

/**
 * A moderator, and a session for them as a passkey sign-in opens it: answers the cookie's
 * value (radio_admin). The server finds the session by the token's SHA-256 on every request.
 */
export async function moderatorSession(db, now = Date.now()) {
  const id = randomUUID();
  const token = randomBytes(32).toString('base64url');
  await db('admin_people').insert({ id, name: 'Bench Moderator', role: 'moderator', user_handle: randomBytes(16).toString('base64url'), created_at: now, last_sign_in_at: now });
  await db('admin_sessions').insert({ token_hash: createHash('sha256').update(token, 'utf8').digest('hex'), person_id: id, created_at: now, expires_at: now + 24 * 3600_000, verified_at: now });
  return token;
}
