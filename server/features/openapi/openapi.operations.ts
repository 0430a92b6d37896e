import { AD_SLOTS, GENRES } from '../../../domain/catalog';
import { COUNTRY_CODES } from '../../../domain/countries';
import type { ComponentName } from './openapi.schemas';

/**
 * The routes of the HTTP contract as data: the one place the OpenAPI document's paths come
 * from (openapi.document.ts turns them into OpenAPI; docs/api.md says the same in prose).
 * Schemas are named, never written here: they come from domain/ through openapi.schemas.ts.
 */

export type Method = 'get' | 'head' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call it. `public`: anyone (a wrong key is still a 401). `admin`: a valid
 * x-admin-key. `visitor-or-admin`: both, and the admin's answer is fuller.
 */
export type Access = 'public' | 'admin' | 'visitor-or-admin';

export interface ParamDoc {
  name: string;
  description: string;
  schema: Record<string, unknown>;
  required?: boolean;
}

/** A JSON body or answer: one component, a list of one, or any of several. */
export type JsonDoc = ComponentName | { anyOf: ComponentName[] } | { listOf: ComponentName };

/** An answer that differs between a visitor and an admin (documented as either, and each in an x- extension). */
export type AudienceJsonDoc = JsonDoc | { visitor: JsonDoc; admin: JsonDoc };

export interface ResponseDoc {
  description: string;
  json?: AudienceJsonDoc;
  /** Other content: media type → OpenAPI schema. */
  content?: Record<string, Record<string, unknown>>;
  headers?: Record<string, string>;
}

export interface RequestDoc {
  json?: JsonDoc;
  /** multipart/form-data: the file field, and the text fields' component. */
  multipart?: { file: string; fileDescription: string; fields?: ComponentName };
  /** Any other body: media type → OpenAPI schema. */
  content?: Record<string, Record<string, unknown>>;
}

export interface OperationDoc {
  method: Method;
  /** OpenAPI path template, e.g. /api/artists/{id}. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /** Tenant-gated: 404 on the other tenant. */
  tenant?: 'watzhott' | 'caribbean';
  /** Public writes: 20 a minute per route per client address. */
  rateLimited?: boolean;
  /** Accepts an Idempotency-Key header. */
  idempotent?: boolean;
  query?: ParamDoc[];
  headers?: ParamDoc[];
  body?: RequestDoc;
  responses: Record<number, ResponseDoc>;
}

const ADMIN_PEOPLE = '/api/admin';
const SESSION_NOTE = 'A signed-in person (the session cookie) or the admin key.';

/** docs/api.md "Admins who are people": people, invites, sessions, passkeys, the activity log. */
const PEOPLE_OPERATIONS: OperationDoc[] = [
  {
    method: 'get',
    path: `${ADMIN_PEOPLE}/me`,
    tag: 'people',
    summary: 'Who is calling',
    description: `${SESSION_NOTE} 401 otherwise.`,
    access: 'visitor-or-admin',
    responses: { 200: { description: 'The caller.', json: 'AdminMe' } },
  },
  {
    method: 'post',
    path: `${ADMIN_PEOPLE}/sign-out`,
    tag: 'people',
    summary: 'Sign out',
    description: 'Ends the session and clears its cookie (with the admin key alone there is nothing to end).',
    access: 'admin',
    responses: { 204: { description: 'Signed out.' } },
  },
  {
    method: 'post',
    path: `${ADMIN_PEOPLE}/invites`,
    tag: 'people',
    summary: 'Invite a person (owner)',
    access: 'admin',
    body: { json: 'NewInvite' },
    responses: { 201: { description: 'The one-time link, valid 48 hours.', json: 'Invite' } },
  },
  {
    method: 'post',
    path: `${ADMIN_PEOPLE}/invites/preview`,
    tag: 'people',
    summary: 'Who an invite is for',
    description: 'For /admin/join, before the passkey is made.',
    access: 'public',
    rateLimited: true,
    body: { json: 'InviteToken' },
    responses: { 200: { description: 'The invite.', json: 'InvitePreview' }, 410: { description: 'Used already, or expired.', json: 'Error' } },
  },
  {
    method: 'get',
    path: `${ADMIN_PEOPLE}/people`,
    tag: 'people',
    summary: 'The people (owner)',
    access: 'admin',
    responses: { 200: { description: 'Oldest first.', json: { listOf: 'Person' } } },
  },
  {
    method: 'patch',
    path: `${ADMIN_PEOPLE}/people/{id}`,
    tag: 'people',
    summary: "Change a person's role (owner)",
    description: 'A new role ends their sessions at once.',
    access: 'admin',
    body: { json: 'PersonPatch' },
    responses: { 200: { description: 'The person.', json: 'Person' }, 404: { description: 'No such person.', json: 'Error' } },
  },
  {
    method: 'delete',
    path: `${ADMIN_PEOPLE}/people/{id}`,
    tag: 'people',
    summary: 'Remove a person (owner)',
    description: 'Their passkeys and sessions go with them; their next call answers 401.',
    access: 'admin',
    responses: { 204: { description: 'Removed.' }, 404: { description: 'No such person.', json: 'Error' } },
  },
  {
    method: 'get',
    path: `${ADMIN_PEOPLE}/activity`,
    tag: 'people',
    summary: 'The activity log (owner)',
    description: 'Every admin write, newest first, 50 at a time unless `limit` says otherwise.',
    access: 'admin',
    query: [
      { name: 'limit', description: 'At most this many entries (1–100, default 50).', schema: { type: 'integer', minimum: 1, maximum: 100 } },
      { name: 'cursor', description: "Opaque: the value the previous page's `Link: rel=\"next\"` carried.", schema: { type: 'string' } },
      { name: 'person', description: "One person's entries (their id), or `key` for the admin key's.", schema: { type: 'string' } },
    ],
    responses: { 200: { description: 'Entries.', json: { listOf: 'ActivityEntry' }, headers: { Link: '`<…&cursor=…>; rel="next"` while more entries follow.' } } },
  },
  {
    method: 'post',
    path: `${ADMIN_PEOPLE}/passkeys/register/options`,
    tag: 'people',
    summary: 'Start making a passkey',
    description: 'Joining: `{token}` of an open invite. Signed in with a passkey (the session cookie): no body, another passkey for yourself.',
    access: 'public',
    rateLimited: true,
    body: { json: 'InviteToken' },
    responses: { 200: { description: 'The options for navigator.credentials.create().', json: 'CeremonyOptions' }, 410: { description: 'The invite was used already, or expired.', json: 'Error' } },
  },
  {
    method: 'post',
    path: `${ADMIN_PEOPLE}/passkeys/register/verify`,
    tag: 'people',
    summary: 'Finish making a passkey',
    description: 'Joining: the invite is used up, the person made, and a session opened (Set-Cookie). Signed in: the passkey is added to yours.',
    access: 'public',
    rateLimited: true,
    body: { json: 'PasskeyAnswer' },
    responses: {
      201: { description: 'Joined, or another passkey added.', json: { anyOf: ['Joined', 'PasskeyCount'] } },
      410: { description: 'The invite was used meanwhile, or expired.', json: 'Error' },
    },
  },
  {
    method: 'post',
    path: `${ADMIN_PEOPLE}/passkeys/sign-in/options`,
    tag: 'people',
    summary: 'Start a passkey sign-in',
    access: 'public',
    rateLimited: true,
    responses: { 200: { description: 'The options for navigator.credentials.get() (any of your passkeys).', json: 'CeremonyOptions' } },
  },
  {
    method: 'post',
    path: `${ADMIN_PEOPLE}/passkeys/sign-in/verify`,
    tag: 'people',
    summary: 'Finish a passkey sign-in',
    description: 'Opens a session (Set-Cookie, HttpOnly, SameSite=Strict, 30 days sliding). Failures count per address and per person; the global wrong-key lock-out does not apply.',
    access: 'public',
    body: { json: 'PasskeyAnswer' },
    responses: { 200: { description: 'Signed in.', json: 'AdminMe' }, 401: { description: 'Unknown passkey or a failed check.', json: 'Error' }, 429: { description: 'Too many failed sign-ins from this address or for this person.', json: 'Error', headers: { 'Retry-After': 'Seconds to wait.' } } },
  },
];

const APPROVED: ParamDoc = { name: 'approved', description: '`true` or `false`.', schema: { type: 'string', enum: ['true', 'false'] } };

/** docs/api.md "Lists": every list route pages the same way. */
const LIST_QUERY: ParamDoc[] = [
  { name: 'limit', description: 'At most this many rows (1–100), in the usual order. Without it, the whole list.', schema: { type: 'integer', minimum: 1, maximum: 100 } },
  { name: 'cursor', description: "Opaque: the value the previous page's `Link: rel=\"next\"` carried.", schema: { type: 'string' } },
];
const LIST_HEADERS = {
  Link: '`<…&cursor=…>; rel="next"` when `limit` was given and more rows follow.',
};
const ADMIN_LIST_HEADERS = {
  ...LIST_HEADERS,
  'X-Total-Count': 'Admin lists: the number of rows the query matches.',
};

const DELETED = { description: 'Deleted.' };

/** A collection of the contract: where it is, its tag, the noun its answers use, and the component of one item. */
interface Collection {
  path: string;
  tag: string;
  noun: string;
  component: ComponentName;
  tenant?: 'watzhott' | 'caribbean';
  /** Whether an unknown id's 404 is documented on PATCH and DELETE. */
  documentsNotFound: boolean;
}

const collection = (path: string, tag: string, noun: string, component: ComponentName, more: Partial<Collection> = {}): Collection => ({
  path,
  tag,
  noun,
  component,
  documentsNotFound: true,
  ...more,
});

const ARTISTS = collection('/api/artists', 'artists', 'artist', 'Artist');
const TRACKS = collection('/api/tracks', 'tracks', 'track', 'Track');
const SHOWS = collection('/api/shows', 'shows', 'show', 'Show');
const EVENTS = collection('/api/events', 'events', 'event', 'Event', { tenant: 'watzhott', documentsNotFound: false });
const SPONSORS = collection('/api/sponsors', 'sponsors', 'sponsor', 'Sponsor');
const PRAYERS = collection('/api/prayers', 'prayers', 'prayer', 'Prayer', { tenant: 'caribbean' });
const SHOUTOUTS = collection('/api/shoutouts', 'shoutouts', 'shoutout', 'Shoutout');
const ADS = collection('/api/ads', 'ads', 'ad', 'Ad');
const EPISODES = collection('/api/episodes', 'episodes', 'episode', 'Episode');

/** What every operation on one of the collection's paths shares. */
function on(c: Collection, method: Method, item: boolean, summary: string, access: Access, description?: string) {
  return {
    method,
    path: item ? `${c.path}/{id}` : c.path,
    tag: c.tag,
    summary,
    ...(description ? { description } : {}),
    access,
    ...(c.tenant ? { tenant: c.tenant } : {}),
  };
}

const notFound = (c: Collection): Record<number, ResponseDoc> =>
  c.documentsNotFound ? { 404: { description: `No such ${c.noun}.`, json: 'Error' } } : {};

/** GET of the collection: paged (docs/api.md "Lists"); admins also get X-Total-Count. */
function listOf(
  c: Collection,
  doc: { summary: string; description?: string; access: Access; query?: ParamDoc[]; answer: string; json?: AudienceJsonDoc },
): OperationDoc {
  return {
    ...on(c, 'get', false, doc.summary, doc.access, doc.description),
    query: doc.query ?? LIST_QUERY,
    responses: { 200: { description: doc.answer, json: doc.json ?? { listOf: c.component }, headers: ADMIN_LIST_HEADERS } },
  };
}

/** A visitor's POST of a new item (docs/api.md: public writes are rate-limited and take an Idempotency-Key). */
function publicSubmit(c: Collection, summary: string, input: ComponentName, stored: string, json: AudienceJsonDoc = c.component): OperationDoc {
  return {
    ...on(c, 'post', false, summary, 'public'),
    rateLimited: true,
    idempotent: true,
    body: { json: input },
    responses: { 201: { description: stored, json } },
  };
}

/** An admin's POST of a new item: 201 with the item. */
function adminCreate(c: Collection, summary: string, input: ComponentName): OperationDoc {
  return { ...on(c, 'post', false, summary, 'admin'), body: { json: input }, responses: { 201: { description: `The ${c.noun}.`, json: c.component } } };
}

/** An admin's PATCH of one item: 200 with the item. */
function adminChange(c: Collection, summary: string, input: ComponentName): OperationDoc {
  return {
    ...on(c, 'patch', true, summary, 'admin'),
    body: { json: input },
    responses: { 200: { description: `The ${c.noun}.`, json: c.component }, ...notFound(c) },
  };
}

/** An admin's DELETE of one item: 204. */
function adminDelete(c: Collection, summary: string, description?: string): OperationDoc {
  return { ...on(c, 'delete', true, summary, 'admin', description), responses: { 204: DELETED, ...notFound(c) } };
}

export const OPERATIONS: OperationDoc[] = [
  {
    method: 'get',
    path: '/api/health',
    tag: 'server',
    summary: 'Health check',
    access: 'public',
    responses: { 200: { description: 'Serving.', json: 'Health' }, 503: { description: 'The database is unreachable.', json: 'Error' } },
  },
  {
    method: 'get',
    path: '/api/health/ready',
    tag: 'server',
    summary: 'Readiness check',
    description: 'Whether this process can do its work: the database answers, every migration has run, the upload storage takes a write. For load balancers and orchestrators; /api/health stays the liveness answer.',
    access: 'public',
    responses: { 200: { description: 'Ready.', json: 'Readiness' }, 503: { description: 'Not ready: `failing` names the checks that fail.', json: 'Readiness' } },
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    tag: 'server',
    summary: 'This document',
    description: 'The OpenAPI 3.1 description of the contract, generated from the domain schemas. The same for every tenant.',
    access: 'public',
    responses: { 200: { description: 'The document.', content: { 'application/json': { type: 'object', required: ['openapi', 'paths'] } } } },
  },
  {
    method: 'get',
    path: '/api/settings',
    tag: 'settings',
    summary: "The tenant's settings",
    description: 'Defaults applied, plus `tenant`. Also the admin key check: a wrong key answers 401. Admins get every field.',
    access: 'visitor-or-admin',
    responses: { 200: { description: 'The settings.', json: 'Settings' } },
  },
  {
    method: 'put',
    path: '/api/settings',
    tag: 'settings',
    summary: 'Save the settings',
    access: 'admin',
    body: { json: 'SettingsInput' },
    responses: { 200: { description: 'The saved settings.', json: 'Settings' } },
  },
  {
    method: 'get',
    path: '/api/np',
    tag: 'now playing',
    summary: 'Now playing and recent history',
    description: 'From the tenant’s `npJsonUrl` (polled at most every 10 s per tenant) or, without one, the show on air. `Cache-Control: public, max-age=10`.',
    access: 'public',
    responses: { 200: { description: 'Now playing.', json: 'NowPlaying' } },
  },
  {
    method: 'get',
    path: '/api/np/events',
    tag: 'now playing',
    summary: 'Now playing as Server-Sent Events',
    description:
      'On connect the current `GET /api/np` answer as `data` with its ETag as `id` (skipped when `Last-Event-ID`, or `lastEventId` on a fresh open, already names it), then only changes; a `:` heartbeat every 25 s and a `retry:` of 3–8 s. `Cache-Control: no-store`. Over 100 streams from one client address: 429; over 10,000 in the process: 503.',
    access: 'public',
    query: [{ name: 'lastEventId', description: 'The id of the last event seen, for a fresh EventSource that cannot send Last-Event-ID.', schema: { type: 'string' } }],
    headers: [{ name: 'Last-Event-ID', description: 'Sent by EventSource on a reconnect.', schema: { type: 'string' } }],
    responses: {
      200: { description: 'An endless event stream; each `data` is a NowPlaying answer.', content: { 'text/event-stream': { type: 'string' } } },
      429: { description: 'Too many streams from this address.', json: 'Error', headers: { 'Retry-After': 'Seconds to wait.' } },
      503: { description: 'Too many streams on this server (NP_EVENTS_MAX_TOTAL); poll GET /api/np meanwhile.', json: 'Error', headers: { 'Retry-After': 'Seconds to wait.' } },
    },
  },
  {
    method: 'get',
    path: '/api/artists',
    tag: 'artists',
    summary: 'List artists',
    description: 'Visitors: approved artists only, whatever is asked (`approved=false` is a 401). Admins: filtered as asked, all without `approved`. Unknown countries and genres are ignored.',
    access: 'visitor-or-admin',
    query: [
      APPROVED,
      { name: 'country', description: 'Country code.', schema: { type: 'string', enum: [...COUNTRY_CODES] } },
      { name: 'q', description: 'Search in name and bio.', schema: { type: 'string', maxLength: 100 } },
      { name: 'genre', description: 'Artists with an approved track of this genre.', schema: { type: 'string', enum: [...GENRES] } },
      ...LIST_QUERY,
    ],
    responses: { 200: { description: 'Artists, newest first.', json: { listOf: 'Artist' }, headers: ADMIN_LIST_HEADERS } },
  },
  {
    method: 'get',
    path: '/api/artists/{id}',
    tag: 'artists',
    summary: 'One artist',
    access: 'visitor-or-admin',
    responses: { 200: { description: 'The artist.', json: 'Artist' }, 404: { description: 'Missing, or not approved and asked by a visitor.', json: 'Error' } },
  },
  publicSubmit(ARTISTS, 'Submit an artist', 'NewArtist', 'Stored pending: approved and featured false.'),
  adminChange(ARTISTS, 'Moderate an artist', 'ArtistModeration'),
  adminDelete(ARTISTS, 'Delete an artist', "Its tracks and the row's uploaded files go with it."),
  listOf(TRACKS, {
    summary: 'List tracks',
    description: 'Visitors: approved tracks only. Admins: all.',
    access: 'visitor-or-admin',
    query: [{ name: 'artist_id', description: 'Tracks of one artist.', schema: { type: 'string' } }, ...LIST_QUERY],
    answer: 'Tracks.',
  }),
  publicSubmit(TRACKS, 'Submit a track', 'NewTrack', 'Stored pending: status "pending", featured false.'),
  adminChange(TRACKS, 'Moderate a track', 'TrackModeration'),
  adminDelete(TRACKS, 'Delete a track', "The row's uploaded files go with it."),
  {
    method: 'post',
    path: '/api/uploads',
    tag: 'uploads',
    summary: 'Upload a file in one request',
    description: 'Audio up to 20 MB (at least 128 kbps) or an image up to 5 MB. Images over 800 px are resized and re-encoded.',
    access: 'public',
    rateLimited: true,
    idempotent: true,
    body: { multipart: { file: 'file', fileDescription: 'The audio or image file.' } },
    responses: {
      201: { description: 'Stored under a name of our own.', json: 'Upload' },
      408: { description: 'The body did not arrive whole within 4 minutes.', json: 'Error' },
      413: { description: 'Too large: the file, or the whole body past the file limit plus 64 KB.', json: 'Error' },
      415: { description: 'Not audio or an image (or audio with a video track).', json: 'Error' },
      429: { description: "Over the address's or everyone's daily quota, counted by the bytes that arrive.", json: 'Error', headers: { 'Retry-After': 'Seconds to wait.' } },
    },
  },
  {
    method: 'post',
    path: '/api/uploads/resumable',
    tag: 'uploads',
    summary: 'Create a resumable upload (tus 1.0 creation)',
    description:
      '`Upload-Metadata` carries `filename`, `filetype` and an optional `purpose`: `track` (default for audio; the 128 kbps floor), `shoutout` (voice, no floor, at most 10 MB), `image`, or `episode` (admins only: no floor, up to the daily quota of one address).',
    access: 'public',
    rateLimited: true,
    headers: [
      { name: 'Tus-Resumable', description: '1.0.0', schema: { type: 'string', const: '1.0.0' }, required: true },
      { name: 'Upload-Length', description: 'Total bytes.', schema: { type: 'integer', minimum: 0 }, required: true },
      { name: 'Upload-Metadata', description: 'tus metadata: filename, filetype, purpose.', schema: { type: 'string' } },
    ],
    responses: {
      201: { description: 'Created.', headers: { Location: 'The upload’s URL, /api/uploads/resumable/{id}.', 'Upload-Token': 'The secret every later HEAD, PATCH and DELETE of this upload must send.' } },
      400: { description: 'No Upload-Length (Upload-Defer-Length is refused), or an unknown purpose.', json: 'Error' },
      413: { description: 'Larger than the purpose allows.', json: 'Error' },
      429: { description: "Over the address's or everyone's daily quota.", json: 'Error', headers: { 'Retry-After': 'Seconds to wait.' } },
    },
  },
  {
    method: 'head',
    path: '/api/uploads/resumable/{id}',
    tag: 'uploads',
    summary: 'How much of a resumable upload arrived (tus 1.0 core)',
    access: 'public',
    headers: [{ name: 'Tus-Resumable', description: '1.0.0', schema: { type: 'string', const: '1.0.0' }, required: true }, { name: 'Upload-Token', description: 'The token the creation answered: the upload is its creator’s alone.', schema: { type: 'string' }, required: true }],
    responses: { 200: { description: 'The offset to resume from.', headers: { 'Upload-Offset': 'Bytes received.', 'Upload-Length': 'Total bytes.' } }, 404: { description: 'Unknown, expired, or not this token’s.', json: 'Error' } },
  },
  {
    method: 'patch',
    path: '/api/uploads/resumable/{id}',
    tag: 'uploads',
    summary: 'Send the next bytes of a resumable upload (tus 1.0 core)',
    description: 'The PATCH that completes the upload checks the file as `POST /api/uploads` would and answers its error, or 204 with `Upload-Url`.',
    access: 'public',
    headers: [
      { name: 'Tus-Resumable', description: '1.0.0', schema: { type: 'string', const: '1.0.0' }, required: true },
      { name: 'Upload-Offset', description: 'Where these bytes start.', schema: { type: 'integer', minimum: 0 }, required: true },
      { name: 'Upload-Token', description: 'The token the creation answered: the upload is its creator’s alone.', schema: { type: 'string' }, required: true },
    ],
    body: { content: { 'application/offset+octet-stream': { type: 'string', contentMediaType: 'application/octet-stream' } } },
    responses: {
      204: { description: 'Received.', headers: { 'Upload-Offset': 'Bytes received.', 'Upload-Url': 'When complete: /uploads/<name>.' } },
      400: { description: 'The finished file was refused (e.g. audio under 128 kbps).', json: 'Error' },
      409: { description: 'Upload-Offset does not match.' },
      415: { description: 'The finished file is not of an accepted type.', json: 'Error' },
    },
  },
  {
    method: 'delete',
    path: '/api/uploads/resumable/{id}',
    tag: 'uploads',
    summary: 'Abandon a resumable upload (tus 1.0 termination)',
    access: 'public',
    headers: [{ name: 'Tus-Resumable', description: '1.0.0', schema: { type: 'string', const: '1.0.0' }, required: true }, { name: 'Upload-Token', description: 'The token the creation answered: the upload is its creator’s alone.', schema: { type: 'string' }, required: true }],
    responses: { 204: DELETED, 404: { description: 'Unknown, expired, or not this token’s.', json: 'Error' } },
  },
  {
    method: 'get',
    path: '/uploads/{name}',
    tag: 'uploads',
    summary: 'A stored file',
    description: 'From the local disk or S3; `Range` supported; cached for a long time. 404 for any name the server did not make.',
    access: 'public',
    headers: [{ name: 'Range', description: 'A byte range.', schema: { type: 'string' } }],
    responses: {
      200: { description: 'The file.', content: { 'application/octet-stream': { type: 'string', contentMediaType: 'application/octet-stream' } } },
      206: { description: 'The range asked for.', content: { 'application/octet-stream': { type: 'string', contentMediaType: 'application/octet-stream' } } },
      404: { description: 'No such file.' },
    },
  },
  listOf(SHOWS, { summary: "The tenant's weekly shows", access: 'visitor-or-admin', answer: 'Shows.' }),
  adminCreate(SHOWS, 'Add a show', 'NewShow'),
  adminChange(SHOWS, 'Change a show', 'ShowPatch'),
  adminDelete(SHOWS, 'Delete a show'),
  listOf(EPISODES, {
    summary: "The tenant's episodes (Listen Again)",
    description: 'Visitors: published episodes, newest publication first. Admins: drafts too.',
    access: 'visitor-or-admin',
    query: [{ name: 'show_id', description: 'Episodes of one show.', schema: { type: 'string' } }, ...LIST_QUERY],
    answer: 'Episodes.',
  }),
  {
    ...on(EPISODES, 'get', true, 'One episode', 'visitor-or-admin'),
    responses: { 200: { description: 'The episode.', json: 'Episode' }, 404: { description: 'Missing, or a draft asked by a visitor.', json: 'Error' } },
  },
  {
    ...adminCreate(EPISODES, 'Add an episode', 'NewEpisode'),
    description: 'From a finished upload of ours (purpose `episode`); duration and bytes are read from the file; the low-data rendition is made in the background.',
  },
  adminChange(EPISODES, 'Change or publish an episode', 'EpisodePatch'),
  adminDelete(EPISODES, 'Delete an episode', 'Its files (the upload and the low-data rendition) go with it.'),
  {
    method: 'get',
    path: '/podcast.xml',
    tag: 'episodes',
    summary: "The tenant's podcast feed",
    description:
      'RSS 2.0 with the itunes and podcast (Podcasting 2.0) namespaces: the published episodes, newest first, at most 300, each with its enclosure and, once made, a low-data podcast:alternateEnclosure. Every URL is absolute (PUBLIC_URL, else the request’s origin).',
    access: 'public',
    responses: {
      200: { description: 'The feed.', content: { 'application/rss+xml': { type: 'string' } }, headers: { ETag: 'Of this document.' } },
      304: { description: 'Unchanged since the ETag sent in If-None-Match.' },
    },
  },
  {
    method: 'get',
    path: '/podcast-artwork.png',
    tag: 'episodes',
    summary: "The feed's artwork",
    description: "The tenant's logo on a 1400 px square (podcast apps ask for at least 1400 px).",
    access: 'public',
    responses: { 200: { description: 'A PNG.', content: { 'image/png': { type: 'string', contentMediaType: 'image/png' } } }, 304: { description: 'Unchanged.' } },
  },
  listOf(EVENTS, { summary: 'List events', description: 'Visitors: public events; admins: all; soonest first.', access: 'visitor-or-admin', answer: 'Events.' }),
  adminCreate(EVENTS, 'Add an event', 'NewEvent'),
  adminChange(EVENTS, 'Change an event', 'EventPatch'),
  adminDelete(EVENTS, 'Delete an event'),
  listOf(SPONSORS, {
    summary: 'List sponsors',
    description: 'Visitors: active sponsors, without notes. Admins: all, with notes.',
    access: 'visitor-or-admin',
    answer: 'Sponsors.',
    json: { visitor: { listOf: 'PublicSponsor' }, admin: { listOf: 'Sponsor' } },
  }),
  publicSubmit(SPONSORS, 'Apply to sponsor', 'NewSponsor', 'Stored inactive; notes only in an admin’s answer.', { visitor: 'PublicSponsor', admin: 'Sponsor' }),
  adminChange(SPONSORS, 'Review a sponsor', 'SponsorPatch'),
  adminDelete(SPONSORS, 'Delete a sponsor'),
  listOf(PRAYERS, {
    summary: 'List prayers',
    description: 'Visitors: approved prayers only (`approved=false` is a 401). Admins: as asked.',
    access: 'visitor-or-admin',
    query: [APPROVED, ...LIST_QUERY],
    answer: 'Prayers, newest first.',
  }),
  publicSubmit(PRAYERS, 'Send a prayer request', 'NewPrayer', 'Stored pending, no hearts.'),
  {
    method: 'patch',
    path: '/api/prayers/{id}',
    tag: 'prayers',
    summary: 'Add a heart (visitor) or moderate (admin)',
    description: 'A body with `approved` is moderation and needs the key. Otherwise `{hearts}` adds exactly one heart, atomically, to an approved prayer (rate-limited, Idempotency-Key accepted).',
    access: 'visitor-or-admin',
    tenant: 'caribbean',
    rateLimited: true,
    idempotent: true,
    body: { json: { anyOf: ['PrayerHeart', 'PrayerModeration'] } },
    responses: {
      200: { description: 'Visitor: the new heart count. Admin: the prayer.', json: { visitor: 'PrayerHearts', admin: 'Prayer' } },
      404: { description: 'No such prayer (or, for a heart, not approved).', json: 'Error' },
    },
  },
  adminDelete(PRAYERS, 'Delete a prayer'),
  listOf(SHOUTOUTS, { summary: 'List shoutouts', access: 'admin', query: [APPROVED, ...LIST_QUERY], answer: 'Shoutouts, newest first.' }),
  {
    method: 'post',
    path: '/api/shoutouts',
    tag: 'shoutouts',
    summary: 'Send a voice shoutout',
    description: 'Multipart with the recording in `audio` (at most 10 MB); or JSON `{audioUrl, nameOptional?}` naming a finished resumable upload of purpose `shoutout`.',
    access: 'public',
    rateLimited: true,
    idempotent: true,
    body: { multipart: { file: 'audio', fileDescription: 'The recording (audio, at most 10 MB).', fields: 'NewShoutoutFields' }, json: 'NewShoutoutFromUpload' },
    responses: {
      201: { description: 'Stored pending.', json: 'Shoutout' },
      403: { description: "The tenant's enableShoutouts is off.", json: 'Error' },
      413: { description: 'Too large.', json: 'Error' },
      415: { description: 'Not audio.', json: 'Error' },
    },
  },
  adminChange(SHOUTOUTS, 'Moderate a shoutout', 'ShoutoutModeration'),
  adminDelete(SHOUTOUTS, 'Delete a shoutout', 'Its recording goes with it.'),
  listOf(ADS, { summary: 'The ad inventory with counts', access: 'admin', answer: 'Ads.' }),
  adminCreate(ADS, 'Add an ad', 'NewAd'),
  adminChange(ADS, 'Change an ad', 'AdPatch'),
  adminDelete(ADS, 'Delete an ad'),
  {
    method: 'get',
    path: '/api/ads/serve',
    tag: 'ads',
    summary: 'An ad to show',
    description: 'An active ad for the slot whose countries are empty or hold `country`; counts an impression (once per address per ad per minute). Hybrid ad mode only.',
    access: 'public',
    query: [
      { name: 'slot', description: 'The placement.', schema: { type: 'string', enum: [...AD_SLOTS] }, required: true },
      { name: 'country', description: "The visitor's selected country.", schema: { type: 'string' } },
    ],
    responses: { 200: { description: 'The ad.', json: 'ServedAd' }, 204: { description: 'No ad for this slot.' } },
  },
  {
    method: 'get',
    path: '/api/push/key',
    tag: 'reminders',
    summary: 'The Web Push signing key',
    description: 'From `VAPID_PUBLIC_KEY`, or the key pair made at first start and kept in the database: the same for every tenant and process.',
    access: 'public',
    responses: { 200: { description: 'The key.', json: 'PushKey' } },
  },
  {
    method: 'post',
    path: '/api/push/subscriptions',
    tag: 'reminders',
    summary: 'Remind this browser of shows',
    description:
      "Ten minutes before each airing of each show (its days and `startTime` in the tenant's `timeZone`) the subscription gets one push (RFC 8030, `aes128gcm` payload encryption per RFC 8291, VAPID per RFC 8292, `TTL: 600`, `Urgency: high`) whose payload is JSON `{title, body, url, showId, startsAt}`. The endpoint must be `https:` on a public address (unless `PUSH_ALLOW_INSECURE_ENDPOINTS=on`); a push service answering 404 or 410 deletes the subscription.",
    access: 'public',
    rateLimited: true,
    body: { json: 'NewPushSubscription' },
    responses: {
      200: { description: 'The same endpoint was stored already: its show list is replaced.', json: 'PushSubscription' },
      201: { description: 'Stored.', json: 'PushSubscription' },
      400: { description: 'An unknown show id, broken keys, or an endpoint that is not https: on a public address.', json: 'Error' },
    },
  },
  {
    method: 'delete',
    path: '/api/push/subscriptions',
    tag: 'reminders',
    summary: 'Stop reminders for this browser',
    description: 'Forgets the subscription with this endpoint on this tenant, and its shows.',
    access: 'public',
    rateLimited: true,
    body: { json: 'PushUnsubscribe' },
    responses: { 204: { description: 'Forgotten (also when it was not known).' } },
  },
  {
    method: 'get',
    path: '/out/{adId}',
    tag: 'ads',
    summary: "Follow an ad's link",
    description: 'Counts a click (once per address per ad per minute) and redirects. Active ads only.',
    access: 'public',
    responses: { 302: { description: "To the ad's targetUrl.", headers: { Location: "The ad's targetUrl." } }, 404: { description: 'Unknown ad.', json: 'Error' } },
  },
  ...PEOPLE_OPERATIONS,
  // The live relay (docs/live-relay.md): HLS, not JSON.
  {
    method: 'get',
    path: '/live/master.m3u8',
    tag: 'live',
    summary: "The relayed stream's HLS master playlist",
    description: "With the tenant's `liveRelay` on: the ladder of AAC renditions, the lowest at most 32 kbps (`BANDWIDTH`, `CODECS`). 404 while the relay is off.",
    access: 'public',
    responses: {
      200: { description: 'The master playlist.', content: { 'application/vnd.apple.mpegurl': { type: 'string' } } },
      404: { description: 'The relay is off.', json: 'Error' },
    },
  },
  {
    method: 'get',
    path: '/live/{file}',
    tag: 'live',
    summary: 'A rendition playlist or a segment of the relayed stream',
    description:
      '`<rendition>.m3u8`: the last 2 hours, `#EXT-X-PROGRAM-DATE-TIME` on every segment, cached a few seconds; `_HLS_skip=YES` answers a delta update. 503 with `Retry-After` until the first segment is out. A segment (`.ts`): `Cache-Control: public, max-age=31536000, immutable`. 404 while the relay is off.',
    access: 'public',
    responses: {
      200: { description: 'The playlist or the segment.', content: { 'application/vnd.apple.mpegurl': { type: 'string' }, 'video/mp2t': { type: 'string', contentMediaType: 'video/mp2t' } } },
      404: { description: 'The relay is off, or no such file.', json: 'Error' },
      503: { description: 'The relay is starting.' },
    },
  },
];
