import * as v from 'valibot';

/**
 * The listener report (docs/api.md "Audience"): what the player's listening beacon sends and
 * what the report answers. A session is an anonymous per-install id made on the device; no
 * address, cookie or fingerprint is ever stored with it.
 */

/** While sound plays the player sends a heartbeat this often. */
export const HEARTBEAT_MS = 60_000;
/** A session with no heartbeat for this long is closed at its last heartbeat. */
export const SESSION_TIMEOUT_MS = 120_000;
/** A beacon batch carries at most this many events (an outbox kept while offline). */
export const BEACON_MAX_EVENTS = 200;

export const LISTENING_KINDS = ['live', 'episode', 'track'] as const;
/** Where a session was seen: our player's beacon, or the relay's segment requests from another player. */
export const LISTENING_SOURCES = ['player', 'relay'] as const;
export type ListeningSource = (typeof LISTENING_SOURCES)[number];
export type ListeningKind = (typeof LISTENING_KINDS)[number];
export const BEACON_EVENTS = ['start', 'beat', 'stop'] as const;

const id = v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{8,64}$/, 'ids are 8 to 64 letters, digits or dashes'));

export const BeaconEventSchema = v.object({
  /** The session: one per play, made on the device. */
  s: id,
  /** The install: one per device, kept in localStorage. */
  i: id,
  e: v.picklist(BEACON_EVENTS),
  /** One more per event of the session: a replay or an old event is refused. */
  seq: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000)),
  /** When it happened, by the device's clock (ms). */
  t: v.pipe(v.number(), v.integer(), v.minValue(0)),
  kind: v.picklist(LISTENING_KINDS),
  /** The listener's chosen country (the country picker), when they chose one. */
  country: v.optional(v.nullable(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)))),
});
export type BeaconEvent = v.InferOutput<typeof BeaconEventSchema>;

/** The body: the events in the order they happened, and when the device sent them (its clock). */
export const BeaconSchema = v.object({
  n: v.pipe(v.number(), v.integer(), v.minValue(0)),
  events: v.pipe(v.array(BeaconEventSchema), v.minLength(1), v.maxLength(BEACON_MAX_EVENTS)),
});
export type Beacon = v.InferOutput<typeof BeaconSchema>;

export interface BeaconAnswer {
  accepted: number;
  refused: number;
}

export interface AudienceHour {
  /** The hour's start, ISO 8601 (UTC). */
  hour: string;
  /** Most listeners at once in any minute of the hour. */
  peak: number;
  /** Listening seconds ÷ 3600: the average number listening at once. */
  average: number;
  listeningHours: number;
  /** Installs that listened in the hour. */
  unique: number;
}

export interface AudienceReport {
  from: string;
  to: string;
  hours: AudienceHour[];
  totals: { listeningHours: number; uniqueListeners: number; averageMinutes: number; sessions: number };
  shows: { showId: string; title: string; listeningHours: number }[];
  days: { day: string; unique: number; listeningHours: number }[];
  kinds: { kind: ListeningKind; listeningHours: number }[];
  countries: { country: string; listeningHours: number }[];
  /** Listening hours by source: our player (its beacon) and other players of the relay's HLS. */
  sources: { source: ListeningSource; listeningHours: number }[];
  /** The upstream's own listener count (AzuraCast, Icecast), hour by hour: its peak and average. */
  upstream: { hour: string; peak: number; average: number }[];
}

/** Figures are shown and exported rounded the same way, so the page equals the CSV. */
export const roundHours = (seconds: number): number => Math.round((seconds / 3600) * 100) / 100;

export const AUDIENCE_CSV_HEADER = 'hour,peak,average,listeningHours,unique';
export const audienceCsvRow = (h: AudienceHour): string => `${h.hour},${h.peak},${h.average},${h.listeningHours},${h.unique}`;
