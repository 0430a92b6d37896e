import type { Show } from '../../../domain/shows';
import { buildCalendar } from './ics';

export const ICS_TYPE = 'text/calendar;charset=utf-8';

/** Saves text as a file through a temporary object URL (works offline, no server round trip). */
export function downloadFile(fileName: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Downloads an .ics of weekly shows, each with its 10-minute alarm. */
export function downloadShowsCalendar(shows: readonly Show[], fileName: string, tenantZone: string, stationName: string): void {
  const ics = buildCalendar({
    shows,
    timeZone: tenantZone,
    now: new Date(),
    calendarName: stationName ? `${stationName} Schedule` : 'Radio Schedule',
    uidDomain: window.location.hostname || 'localhost',
  });
  downloadFile(fileName, ics, ICS_TYPE);
}
