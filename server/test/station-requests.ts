import { expect } from 'vitest';
import { zonedMoment } from '../../domain/schedule';
import { ADMIN_KEY } from './test-app';

/** An admin's JSON request headers, for `fetch` against a running server. */
export const adminJsonHeaders = { 'x-admin-key': ADMIN_KEY, 'content-type': 'application/json' };

/**
 * Reads a running server's settings and PUTs them back with `patch` over them, as the admin
 * page saves them (without the read-only tenant). Answers the PUT and the settings as read.
 */
export async function putSettings(url: string, patch: Record<string, unknown>): Promise<{ put: Response; current: Record<string, unknown> }> {
  const current = (await (await fetch(`${url}/api/settings`, { headers: adminJsonHeaders })).json()) as Record<string, unknown>;
  delete current.tenant;
  const put = await fetch(`${url}/api/settings`, { method: 'PUT', headers: adminJsonHeaders, body: JSON.stringify({ ...current, ...patch }) });
  return { put, current };
}

/** `m` minutes after midnight (wrapped to one day, either way) as a show's 'HH:MM'. */
export const hhmm = (m: number) => {
  const day = ((m % 1440) + 1440) % 1440;
  return `${String(Math.floor(day / 60)).padStart(2, '0')}:${String(day % 60).padStart(2, '0')}`;
};

/**
 * POSTs a show marked to record whose weekly slot, read in `zone`, starts this minute and lasts
 * `lengthMinutes`: the recorder's schedule finds it on air now. Answers its id.
 */
export async function postShowOnAirNow(url: string, zone: string, title: string, lengthMinutes: number): Promise<string> {
  const { weekday, minutes } = zonedMoment(new Date(), zone);
  const created = await fetch(`${url}/api/shows`, {
    method: 'POST',
    headers: adminJsonHeaders,
    body: JSON.stringify({ title, startTime: hhmm(minutes), endTime: hhmm(minutes + lengthMinutes), days: [weekday], record: true }),
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { id: string }).id;
}
