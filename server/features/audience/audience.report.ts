import { AUDIENCE_CSV_HEADER, LISTENING_KINDS, LISTENING_SOURCES, audienceCsvRow, roundHours, type AudienceHour, type AudienceReport } from '../../../domain/audience';
import type { Tenant } from '../../../domain/tenants';
import { badRequest } from '../../http/errors';
import { dayOf, hourOf } from './audience.aggregate';
import type { AudienceRepository } from './audience.repository';
import { RAW_KEEP_MS } from './audience.service';

const HOUR = 3_600_000;
const DAY = 86_400_000;
/** The longest period one report covers (a month picker's longest month, with room). */
const MAX_PERIOD_MS = 62 * DAY;

/** `from` and `to` (ISO dates or date-times); without them, the last 24 hours. `to` is exclusive. */
export function reportPeriod(query: { from?: unknown; to?: unknown }, now: number): { fromMs: number; toMs: number } {
  const parse = (v: unknown, name: string) => {
    if (v === undefined || v === '') return null;
    const ms = typeof v === 'string' ? Date.parse(v) : NaN;
    if (!Number.isFinite(ms)) throw badRequest(`${name} must be an ISO 8601 date or date-time`);
    return ms;
  };
  const toMs = hourOf((parse(query.to, 'to') ?? now + HOUR - 1) + HOUR - 1);
  const fromMs = hourOf(parse(query.from, 'from') ?? toMs - DAY);
  if (fromMs >= toMs) throw badRequest('from must be before to');
  if (toMs - fromMs > MAX_PERIOD_MS) throw badRequest('A report covers at most 62 days');
  return { fromMs, toMs };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The report of a period, from the aggregates only (docs/api.md "Audience"). */
export async function audienceReport(repo: AudienceRepository, tenant: Tenant, fromMs: number, toMs: number, now: number): Promise<AudienceReport> {
  const rows = new Map((await repo.hours(tenant, fromMs, toMs)).map((r) => [r.hour_ms, r]));
  const hours: AudienceHour[] = [];
  const upstream: AudienceReport['upstream'] = [];
  const kindSeconds = { live: 0, episode: 0, track: 0 };
  let seconds = 0;
  let sessions = 0;
  // Every hour of the period up to now, silent ones as zeros, so a chart shows the gaps; and an
  // hour past now that has listening in it: a device's clock up to CLOCK_SKEW_MS ahead is taken
  // as it is, so a session near the hour's end can already be in the next (cut at now, its
  // minutes there were missing from the page and the CSV).
  const lastHour = Math.max(hourOf(now), ...rows.keys());
  for (let h = fromMs; h < Math.min(toMs, lastHour + HOUR); h += HOUR) {
    const r = rows.get(h);
    const s = r ? r.live_seconds + r.episode_seconds + r.track_seconds : 0;
    seconds += s;
    sessions += r?.sessions ?? 0;
    if (r) for (const k of LISTENING_KINDS) kindSeconds[k] += r[`${k}_seconds`];
    const hour = new Date(h).toISOString();
    hours.push({ hour, peak: r?.peak ?? 0, average: roundHours(s), listeningHours: roundHours(s), unique: r?.unique_installs ?? 0 });
    if (r && r.upstream_samples > 0) upstream.push({ hour, peak: r.upstream_peak, average: round1(r.upstream_sum / r.upstream_samples) });
  }
  const fromDay = dayOf(fromMs);
  const toDay = dayOf(toMs - 1 + DAY);
  const days = await repo.days(tenant, fromDay, toDay);
  const daySeconds = new Map<string, number>();
  for (const h of hours) daySeconds.set(h.hour.slice(0, 10), (daySeconds.get(h.hour.slice(0, 10)) ?? 0) + (rows.get(Date.parse(h.hour))?.live_seconds ?? 0) + (rows.get(Date.parse(h.hour))?.episode_seconds ?? 0) + (rows.get(Date.parse(h.hour))?.track_seconds ?? 0));
  // Unique over the whole period: the day sets while they are kept; after that, the busiest day.
  const uniqueListeners = fromMs >= now - RAW_KEEP_MS ? await repo.distinctInstalls(tenant, days.map((d) => d.day)) : Math.max(0, ...days.map((d) => d.unique));
  const shows = await repo.shows(tenant, fromDay, toDay);
  const countries = await repo.breakdown(tenant, fromDay, toDay, 'country:');
  const sources = await repo.breakdown(tenant, fromDay, toDay, 'source:');
  return {
    from: new Date(fromMs).toISOString(),
    to: new Date(toMs).toISOString(),
    hours,
    totals: { listeningHours: roundHours(seconds), uniqueListeners, averageMinutes: sessions ? round1(seconds / 60 / sessions) : 0, sessions },
    shows: shows.slice(0, 10).map((s) => ({ showId: s.showId, title: s.title, listeningHours: roundHours(s.seconds) })),
    days: days.map((d) => ({ day: d.day, unique: d.unique, listeningHours: roundHours(daySeconds.get(d.day) ?? 0) })),
    kinds: LISTENING_KINDS.map((kind) => ({ kind, listeningHours: roundHours(kindSeconds[kind]) })),
    countries: [...countries].sort((a, b) => b[1] - a[1]).map(([country, s]) => ({ country, listeningHours: roundHours(s) })),
    sources: LISTENING_SOURCES.map((source) => ({ source, listeningHours: roundHours(sources.get(source) ?? 0) })),
    upstream,
  };
}

export const audienceCsv = (report: AudienceReport): string => [AUDIENCE_CSV_HEADER, ...report.hours.map(audienceCsvRow)].join('\r\n') + '\r\n';
