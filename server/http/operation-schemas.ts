import * as v from 'valibot';
import { AdPatchSchema, AdSchema, NewAdSchema, type ServedAd } from '../../domain/ads';
import { ArtistModerationSchema, ArtistSchema, NewArtistSchema } from '../../domain/artists';
import { EventSchema, NewEventSchema } from '../../domain/events';
import type { ErrorBody } from '../../domain/http-error';
import type { NowPlaying } from '../../domain/now-playing';
import { NewPrayerSchema, PrayerModerationSchema, PrayerSchema, type PrayerHearts } from '../../domain/prayers';
import { NewPushSubscriptionSchema, PushKeySchema, PushSubscriptionAnswerSchema, PushUnsubscribeSchema } from '../../domain/push';
import { SettingsSchema } from '../../domain/settings';
import { NewShoutoutFieldsSchema, ShoutoutModerationSchema, ShoutoutSchema } from '../../domain/shoutouts';
import { NewShowSchema, ShowSchema } from '../../domain/shows';
import { NewSponsorSchema, SponsorPatchSchema, SponsorSchema } from '../../domain/sponsors';
import { InviteTokenSchema, NewInviteSchema, PasskeyAnswerSchema, PersonPatchSchema, ROLES, type ActivityEntry, type AdminMe, type Invite, type InvitePreview, type Person, type PersonPasskey } from '../../domain/people';
import { TENANTS } from '../../domain/tenants';
import { ChatHeldSchema, ChatMessageRefSchema, ChatMessageSchema, ChatMuteSchema, ChatReleaseSchema, ChatReviewItemSchema, NewChatMessageSchema } from '../../domain/chat';
import { NewSongRequestSchema, REQUEST_STATUSES, RequestPatchSchema, type OnAirRequest, type RequestableSong, type SongRequest } from '../../domain/requests';
import { EpisodePatchSchema, EpisodeSchema, NewEpisodeSchema } from '../../domain/episodes';
import { BeaconSchema, LISTENING_KINDS, LISTENING_SOURCES, type AudienceReport, type BeaconAnswer } from '../../domain/audience';
import { NewTrackSchema, TrackModerationSchema, TrackSchema } from '../../domain/tracks';

/**
 * Every schema the OpenAPI document names (components.schemas), taken from domain/ so the
 * document follows any change there (docs/api.md "OpenAPI"). A few answers are TypeScript
 * interfaces in domain/ rather than valibot schemas; they are written here once, and the
 * type checks at the end of this file fail the build when they drift from the interface.
 *
 * `mode` says which side of a schema's transformations is documented: what a client sends
 * (`input`) or what the server answers (`output`). `requireAll` marks every property required
 * (answers always carry them, even where the request schema has a default), `partial` none
 * (PATCH bodies of shows and events: any subset, merged over the stored row).
 */
export interface ComponentSchema {
  schema: v.GenericSchema;
  mode: 'input' | 'output';
  description: string;
  requireAll?: { except?: readonly string[] };
  partial?: boolean;
}

const IssueSchema = v.object({ path: v.string(), message: v.string() });
const ErrorBodySchema = v.object({ error: v.string(), issues: v.optional(v.array(IssueSchema)) });

const OnAirRequestSchema = v.object({ name: v.string(), for: v.string() });
const NowPlayingSchema = v.object({
  nowPlaying: v.object({ title: v.string(), artist: v.string(), art: v.nullable(v.string()) }),
  history: v.array(v.object({ title: v.string(), artist: v.string(), playedAt: v.string() })),
  listeners: v.nullable(v.number()),
  show: v.nullable(v.string()),
  request: v.optional(v.nullable(OnAirRequestSchema)),
});
const RequestableSongSchema = v.object({ id: v.string(), title: v.string(), artist: v.string() });
const SongRequestSchema = v.object({
  id: v.string(),
  title: v.string(),
  artist: v.string(),
  name: v.string(),
  for: v.string(),
  message: v.string(),
  status: v.picklist(REQUEST_STATUSES),
  createdAt: v.string(),
  playedAt: v.nullable(v.string()),
});
const RequestReceivedSchema = v.object({ id: v.string(), status: v.literal('received') });

const PrayerHeartsSchema = v.object({ id: v.string(), hearts: v.number() });
const PrayerHeartSchema = v.object({ hearts: v.number() });
const ServedAdSchema = v.pick(AdSchema, ['id', 'imageUrl', 'targetUrl', 'alt']);
const PublicSponsorSchema = v.omit(SponsorSchema, ['notes']);
const UploadedSchema = v.object({ url: v.string() });
/** POST /api/shoutouts as JSON: a finished resumable upload of purpose shoutout, and the same fields. */
const NewShoutoutFromUploadSchema = v.object({ audioUrl: v.string(), ...NewShoutoutFieldsSchema.entries });
const HealthSchema = v.object({ ok: v.literal(true) });
const ReadyCheckStateSchema = v.picklist(['ok', 'failing', 'pending', 'unknown']);
const ReadinessSchema = v.object({
  ok: v.boolean(),
  error: v.optional(v.string()),
  failing: v.optional(v.array(v.picklist(['database', 'migrations', 'storage']))),
  checks: v.object({ database: ReadyCheckStateSchema, migrations: ReadyCheckStateSchema, storage: ReadyCheckStateSchema }),
});
const RoleSchema = v.picklist(ROLES);
const InviteSchema = v.object({ url: v.string(), expiresAt: v.string() });
const InvitePreviewSchema = v.object({ name: v.string(), role: RoleSchema, expiresAt: v.string() });
const PersonSchema = v.object({ id: v.string(), name: v.string(), role: RoleSchema, createdAt: v.string(), lastSignInAt: v.nullable(v.string()), passkeys: v.number() });
const PersonPasskeySchema = v.object({ id: v.string(), createdAt: v.string(), lastUsedAt: v.nullable(v.string()) });
const AdminMeSchema = v.object({ name: v.string(), role: RoleSchema, via: v.picklist(['passkey', 'key']), id: v.nullable(v.string()) });
const ActivityEntrySchema = v.object({
  at: v.string(),
  actor: v.object({ id: v.nullable(v.string()), name: v.string() }),
  action: v.string(),
  target: v.object({ type: v.string(), id: v.string() }),
  summary: v.string(),
});
// The WebAuthn options are @simplewebauthn/server's PublicKeyCredential*OptionsJSON, left open here.
const CeremonyOptionsSchema = v.object({ ceremonyId: v.string(), options: v.record(v.string(), v.unknown()), invite: v.optional(InvitePreviewSchema) });
const JoinedSchema = v.object({ ...AdminMeSchema.entries, passkeys: v.number() });
const PasskeyCountSchema = v.object({ passkeys: v.number() });
const BeaconAnswerSchema = v.object({ accepted: v.number(), refused: v.number() });
const AudienceHourSchema = v.object({ hour: v.string(), peak: v.number(), average: v.number(), listeningHours: v.number(), unique: v.number() });
const AudienceReportSchema = v.object({
  from: v.string(),
  to: v.string(),
  hours: v.array(AudienceHourSchema),
  totals: v.object({ listeningHours: v.number(), uniqueListeners: v.number(), averageMinutes: v.number(), sessions: v.number() }),
  shows: v.array(v.object({ showId: v.string(), title: v.string(), listeningHours: v.number() })),
  days: v.array(v.object({ day: v.string(), unique: v.number(), listeningHours: v.number() })),
  kinds: v.array(v.object({ kind: v.picklist(LISTENING_KINDS), listeningHours: v.number() })),
  countries: v.array(v.object({ country: v.string(), listeningHours: v.number() })),
  sources: v.array(v.object({ source: v.picklist(LISTENING_SOURCES), listeningHours: v.number() })),
  upstream: v.array(v.object({ hour: v.string(), peak: v.number(), average: v.number() })),
});
const SettingsAnswerSchema = v.object({ ...SettingsSchema.entries, tenant: v.picklist(TENANTS) });

export const COMPONENT_SCHEMAS = {
  Error: { schema: ErrorBodySchema, mode: 'output', description: 'Every non-2xx answer of /api/*; a 400 from validation adds one issue per field.' },
  Health: { schema: HealthSchema, mode: 'output', description: 'The server and its database answer.' },
  Readiness: { schema: ReadinessSchema, mode: 'output', description: 'Each check: ok, failing, pending (migrations not run yet) or unknown (no database to ask). A 503 adds error and failing, naming the checks that fail.' },
  Settings: {
    schema: SettingsAnswerSchema,
    mode: 'output',
    requireAll: { except: ['npJsonUrl', 'chatWordList'] },
    description: "The tenant's settings with defaults applied, plus the tenant. Visitors are not sent npJsonUrl nor chatWordList, which only the server uses.",
  },
  SettingsInput: { schema: SettingsSchema, mode: 'input', description: 'PUT /api/settings: the whole settings object.' },
  NowPlaying: {
    schema: NowPlayingSchema,
    mode: 'output',
    // Always answered (the domain type leaves it optional for an older server's answer).
    requireAll: {},
    description:
      "What is on air, the history newest first (at most 20), the listener count when the source gives one, the show on air by the schedule (null between shows), and who requested the song on air ('' for: for nobody; null when it was not requested).",
  },
  RequestableSong: { schema: RequestableSongSchema, mode: 'output', description: 'A song a listener may request: AzuraCast’s request id or our track id.' },
  NewSongRequest: { schema: NewSongRequestSchema, mode: 'input', description: '`songId`, or `title` and `artist` typed in (our own queue only); an optional name, `for` and `message` (≤ 140).' },
  RequestReceived: { schema: RequestReceivedSchema, mode: 'output', description: 'The request was received.' },
  SongRequest: { schema: SongRequestSchema, mode: 'output', description: 'A request with its dedication and status; never the address or the device id.' },
  RequestPatch: { schema: RequestPatchSchema, mode: 'input', description: "A moderator's 'Played' or 'Skip'." },
  Artist: { schema: ArtistSchema, mode: 'output', description: 'An artist (shared by both tenants).' },
  NewArtist: { schema: NewArtistSchema, mode: 'input', description: 'An artist submission; approved and featured are never read from it.' },
  ArtistModeration: { schema: ArtistModerationSchema, mode: 'input', description: 'Approve, feature or reject (approved:false, featured:false); at least one field.' },
  Track: { schema: TrackSchema, mode: 'output', description: 'A track (shared by both tenants).' },
  NewTrack: { schema: NewTrackSchema, mode: 'input', description: "A track submission; fileUrl is an upload's URL. status and featured are never read from it." },
  TrackModeration: { schema: TrackModerationSchema, mode: 'input', description: 'Set the status and/or featured; at least one field.' },
  Upload: { schema: UploadedSchema, mode: 'output', description: 'Where the stored file is served.' },
  PushKey: { schema: PushKeySchema, mode: 'output', description: 'The VAPID public key (RFC 8292), base64url: the applicationServerKey browsers subscribe with.' },
  NewPushSubscription: { schema: NewPushSubscriptionSchema, mode: 'input', description: "A browser's PushSubscription (its toJSON(): endpoint and keys) and the ids of the tenant's shows to be reminded of; the same endpoint again replaces the list." },
  PushSubscription: { schema: PushSubscriptionAnswerSchema, mode: 'output', description: 'The stored subscription and the shows it follows.' },
  PushUnsubscribe: { schema: PushUnsubscribeSchema, mode: 'input', description: 'The endpoint of the subscription to forget on this tenant.' },
  Show: { schema: ShowSchema, mode: 'output', description: "A weekly show, times HH:MM in the tenant's timeZone." },
  NewShow: { schema: NewShowSchema, mode: 'input', description: 'A show; end time differs from start time (a show may run past midnight).' },
  ShowPatch: { schema: NewShowSchema, mode: 'input', partial: true, description: 'Any subset of a show, merged over the stored one and checked whole.' },
  Event: { schema: EventSchema, mode: 'output', description: 'An event (watzhott only).' },
  NewEvent: { schema: NewEventSchema, mode: 'input', description: 'An event.' },
  EventPatch: { schema: NewEventSchema, mode: 'input', partial: true, description: 'Any subset of an event, merged over the stored one and checked whole.' },
  Sponsor: { schema: SponsorSchema, mode: 'output', requireAll: {}, description: 'A sponsor as admins see it, notes included.' },
  PublicSponsor: { schema: PublicSponsorSchema, mode: 'output', description: 'A sponsor as visitors see it: never the notes.' },
  NewSponsor: { schema: NewSponsorSchema, mode: 'input', description: 'A sponsor application; it is always stored inactive.' },
  SponsorPatch: { schema: SponsorPatchSchema, mode: 'input', description: 'Review an application: activate it, set tier, logo and link.' },
  Prayer: { schema: PrayerSchema, mode: 'output', description: 'A prayer request (caribbean only).' },
  NewPrayer: { schema: NewPrayerSchema, mode: 'input', description: 'A prayer request; hearts and approved are never read from it.' },
  PrayerModeration: { schema: PrayerModerationSchema, mode: 'input', description: 'Admin: approve or reject.' },
  PrayerHeart: { schema: PrayerHeartSchema, mode: 'input', description: 'Visitor: add one heart, whatever number is sent.' },
  PrayerHearts: { schema: PrayerHeartsSchema, mode: 'output', description: 'The heart count after one heart was added.' },
  Shoutout: { schema: ShoutoutSchema, mode: 'output', description: 'A voice shoutout.' },
  NewShoutoutFields: { schema: NewShoutoutFieldsSchema, mode: 'input', description: 'The text fields sent with a shoutout recording.' },
  NewShoutoutFromUpload: { schema: NewShoutoutFromUploadSchema, mode: 'input', description: 'A shoutout whose recording was sent as a resumable upload of purpose shoutout.' },
  ShoutoutModeration: { schema: ShoutoutModerationSchema, mode: 'input', description: 'Admin: approve or reject.' },
  Episode: { schema: EpisodeSchema, mode: 'output', description: 'An episode of the show archive (Listen Again); lowDataUrl is the ≤ 32 kbps rendition, null until made.' },
  NewEpisode: { schema: NewEpisodeSchema, mode: 'input', description: "An episode; audioUrl is a finished upload of ours. Draft unless status says published." },
  EpisodePatch: { schema: EpisodePatchSchema, mode: 'input', description: 'Any of title, description, showId, imageUrl, status; publishing stamps publishedAt.' },
  Ad: { schema: AdSchema, mode: 'output', description: 'An ad of the inventory, with its counts (admins only).' },
  NewAd: { schema: NewAdSchema, mode: 'input', description: 'An ad.' },
  AdPatch: { schema: AdPatchSchema, mode: 'input', description: 'Any subset of an ad.' },
  ServedAd: { schema: ServedAdSchema, mode: 'output', description: 'The ad shown to a visitor: no counts.' },
  NewInvite: { schema: NewInviteSchema, mode: 'input', description: 'Invite a person: their name and role.' },
  Invite: { schema: InviteSchema, mode: 'output', description: 'A one-time link to /admin/join, valid 48 hours.' },
  InviteToken: { schema: InviteTokenSchema, mode: 'input', description: "An invite's token (from its link)." },
  InvitePreview: { schema: InvitePreviewSchema, mode: 'output', description: 'Who an open invite is for.' },
  Person: { schema: PersonSchema, mode: 'output', description: 'An admin who is a person, with the number of their passkeys.' },
  PersonPasskey: { schema: PersonPasskeySchema, mode: 'output', description: "One of a person's passkeys: its credential id, when it was added and last used." },
  PersonPatch: { schema: PersonPatchSchema, mode: 'input', description: "A new role; the person's sessions end at once." },
  AdminMe: { schema: AdminMeSchema, mode: 'output', description: 'Who is calling: a signed-in person, or the admin key (an owner named "admin key", id null).' },
  ActivityEntry: { schema: ActivityEntrySchema, mode: 'output', description: 'One admin write: who, what, which row, and a one-line summary.' },
  CeremonyOptions: { schema: CeremonyOptionsSchema, mode: 'output', description: 'WebAuthn options for navigator.credentials (as @simplewebauthn/browser takes them) and the ceremony they belong to; joining adds who the invite is for.' },
  PasskeyAnswer: { schema: PasskeyAnswerSchema, mode: 'input', description: "The browser's WebAuthn answer (RegistrationResponseJSON or AuthenticationResponseJSON) and its ceremony." },
  Joined: { schema: JoinedSchema, mode: 'output', description: 'Joined with an invite: who you are now (the session cookie is set) and your passkey count.' },
  PasskeyCount: { schema: PasskeyCountSchema, mode: 'output', description: 'Another passkey was added: how many you have now.' },
  ChatMessage: { schema: ChatMessageSchema, mode: 'output', description: 'A shown chat message: never an address or a device id. `host`: sent by staff signed in with a passkey.' },
  NewChatMessage: { schema: NewChatMessageSchema, mode: 'input', description: 'A chat message: a name of at most 30 characters and text of at most 280, no links.' },
  ChatHeld: { schema: ChatHeldSchema, mode: 'output', description: 'The word list held the message for a moderator.' },
  ChatMessageRef: { schema: ChatMessageRefSchema, mode: 'input', description: 'The message whose sender is muted, or which is pinned.' },
  ChatMute: { schema: ChatMuteSchema, mode: 'output', description: 'The sender of the message (their device and address) is muted until then.' },
  ChatReviewItem: { schema: ChatReviewItemSchema, mode: 'output', description: 'A held or reported chat message waiting for a moderator, with its report count.' },
  ChatRelease: { schema: ChatReleaseSchema, mode: 'input', description: 'Show a held or reported message after all.' },
  Beacon: { schema: BeaconSchema, mode: 'input', description: "The player's listening events: `n` the device's clock when sent; each event its session `s`, install `i`, `e` start/beat/stop, `seq`, time `t`, `kind` and chosen `country`." },
  BeaconAnswer: { schema: BeaconAnswerSchema, mode: 'output', description: 'How many events of the beacon counted, and how many were refused.' },
  AudienceReport: { schema: AudienceReportSchema, mode: 'output', description: 'The listener report of a period, from the hourly and daily aggregates.' },
} satisfies Record<string, ComponentSchema>;

export type ComponentName = keyof typeof COMPONENT_SCHEMAS;

// The interfaces of domain/ and the schemas above must describe the same JSON.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameTypes: [
  Same<v.InferOutput<typeof ErrorBodySchema>, ErrorBody>,
  Same<v.InferOutput<typeof NowPlayingSchema>, NowPlaying>,
  Same<v.InferOutput<typeof PrayerHeartsSchema>, PrayerHearts>,
  Same<v.InferOutput<typeof ServedAdSchema>, ServedAd>,
  Same<v.InferOutput<typeof InviteSchema>, Invite>,
  Same<v.InferOutput<typeof InvitePreviewSchema>, InvitePreview>,
  Same<v.InferOutput<typeof PersonSchema>, Person>,
  Same<v.InferOutput<typeof PersonPasskeySchema>, PersonPasskey>,
  Same<v.InferOutput<typeof AdminMeSchema>, AdminMe>,
  Same<v.InferOutput<typeof ActivityEntrySchema>, ActivityEntry>,
  Same<v.InferOutput<typeof OnAirRequestSchema>, OnAirRequest>,
  Same<v.InferOutput<typeof RequestableSongSchema>, RequestableSong>,
  Same<v.InferOutput<typeof SongRequestSchema>, SongRequest>,
  Same<v.InferOutput<typeof BeaconAnswerSchema>, BeaconAnswer>,
  Same<v.InferOutput<typeof AudienceReportSchema>, AudienceReport>,
] = [true, true, true, true, true, true, true, true, true, true, true, true, true, true, true];
void sameTypes;
