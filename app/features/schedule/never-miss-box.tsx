import { memo } from 'react';
import type { Show } from '../../../domain/shows';
import { currentTenant } from '../../lib/tenant';
import { downloadShowsCalendar } from './download-file';
import { ALARM_MINUTES_BEFORE, googleCalendarUrl, icsFileName } from './ics';
import { ReminderButton } from './lazy-reminder-button';
import { formatShortDay, formatTime } from './schedule-format';
import { currentOrNextOccurrence } from './show-times';

interface NeverMissBoxProps {
  shows: Show[];
  now: Date;
  tenantZone: string;
  listenerZone: string;
  stationName: string;
}

/**
 * 'Never Miss a Show': the .ics holds every show as a weekly event with a 10-minute alarm;
 * Google's template link can carry one event, so it adds the show on air or next up.
 */
export const NeverMissBox = memo(function NeverMissBox({ shows, now, tenantZone, listenerZone, stationName }: NeverMissBoxProps) {
  const next = currentOrNextOccurrence(shows, now, tenantZone, listenerZone);
  const google = next
    ? googleCalendarUrl({
        title: next.show.title,
        start: next.start,
        end: next.end,
        description: next.show.description || `${next.show.title} on ${stationName}`,
        timeZone: tenantZone,
        days: next.show.days,
      })
    : null;
  const fileName = icsFileName(`${stationName || currentTenant()} schedule`);

  return (
    <article className="never-miss" aria-labelledby="never-miss-heading">
      <h2 id="never-miss-heading">Never Miss a Show</h2>
      <p>Get notified {ALARM_MINUTES_BEFORE} minutes before shows: tap Remind me for a notification on this phone, or add the weekly schedule to your calendar and it reminds you before each one.</p>
      <div className="never-miss-actions">
        <ReminderButton showIds={shows.map((s) => s.id)} label="every show" />
        {google && next && (
          <a href={google} target="_blank" rel="noopener" role="button" className="outline">
            Add to Google Calendar
          </a>
        )}
        <button type="button" onClick={() => downloadShowsCalendar(shows, fileName, tenantZone, stationName)}>
          Download .ics
        </button>
      </div>
      {next && (
        <p className="muted never-miss-note">
          Google Calendar adds {next.show.title} ({formatShortDay(next.date)}, {formatTime(next.start, listenerZone)}, weekly). The .ics file adds all {shows.length} shows.
        </p>
      )}
    </article>
  );
});
