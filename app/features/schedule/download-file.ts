import type { Show } from '../../../domain/shows';
import { downloadFile } from '../../lib/download-file';
import { buildCalendar } from './ics';

export const ICS_TYPE = 'text/calendar;charset=utf-8';

/** Downloads an .ics of weekly shows, each with its 10-minute alarm. */
export function downloadShowsCalendar(shows: readonly Show[], fileName: string, tenantZone: string, stationName: string): void {
  const ics = buildCalendar({
    shows,
    timeZone: tenantZone,
    now: new Date(),
    calendarName: stationName ? `${stationName} Schedule` : 'Radio Schedule',
    uidDomain: window.location.hostname || 'localhost',
  });
  downloadFile(fileName, [ics], ICS_TYPE);
}
