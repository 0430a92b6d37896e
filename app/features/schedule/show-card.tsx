import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import type { Show } from '../../../domain/shows';
import { downloadShowsCalendar } from './download-file';
import { icsFileName } from './ics';
import { ReminderButton } from './lazy-reminder-button';
import { formatTimeRange } from './schedule-format';
import { zoneOffsetMs, type Occurrence } from './show-times';

interface ShowCardProps {
  occurrence: Occurrence<Show>;
  onAir: boolean;
  tenantZone: string;
  listenerZone: string;
  stationName: string;
  compact?: boolean;
}

/** Memoised: its occurrence is the week's own object, kept while the week is the same (week-calendar.tsx). */
export const ShowCard = memo(function ShowCard({ occurrence, onAir, tenantZone, listenerZone, stationName, compact = false }: ShowCardProps) {
  const { show, start, end } = occurrence;
  // The station's own clock, for listeners elsewhere: 'Station time 22:00 – 02:00'.
  const zonesDiffer = zoneOffsetMs(start, tenantZone) !== zoneOffsetMs(start, listenerZone);
  return (
    <article className={`show-card ${onAir ? 'on-air' : ''} ${compact ? 'compact' : ''}`} aria-current={onAir ? 'time' : undefined} data-testid="show-card">
      <p className="show-time">
        <time dateTime={start.toISOString()}>{formatTimeRange(start, end, listenerZone)}</time>
        {onAir && <span className="live-badge on-air-badge">On Air</span>}
      </p>
      <h4 className="show-title">{show.title}</h4>
      {!compact && show.description && <p className="show-description">{show.description}</p>}
      {zonesDiffer && (
        <p className="muted station-time">
          Station time {show.startTime} – {show.endTime}
        </p>
      )}
      <button type="button" className="outline secondary add-to-calendar" onClick={() => downloadShowsCalendar([show], icsFileName(show.title), tenantZone, stationName)}>
        Add to Calendar<span className="visually-hidden">: {show.title}</span>
      </button>
      <ReminderButton showIds={[show.id]} label={show.title} />
      <Link to="/episodes" search={{ show: show.id }} className="past-episodes" aria-label={`Past episodes: ${show.title}`}>
        Past episodes
      </Link>
    </article>
  );
});
