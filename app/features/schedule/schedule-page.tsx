import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { DEFAULT_TIME_ZONE } from '../../../domain/settings';
import { tenantHasEvents } from '../../../domain/tenants';
import { AdSlot } from '../ads/ad-slot';
import { EmptyState, ErrorState, Placeholders } from '../../components/states';
import { useSettings } from '../settings/api';
import { currentTenant } from '../../lib/tenant';
import { useDeferredMount } from '../../lib/use-deferred-mount';
import { NeverMissBox } from './never-miss-box';
import { SHOW_PLACEHOLDERS } from './schedule-pending';
import { ScheduleEvents } from '../events/schedule-events';
import { showsQuery } from './api';
import { useDeviceTimeZone } from '../../lib/device-time-zone';
import { claimLaterTaps } from '../../lib/player/first-tap/taps-later';
import { WeekCalendar } from './week-calendar';
import './schedule.css';

type Tab = 'shows' | 'events';
const NOW_TICK_MS = 30_000;

/** The current time, refreshed often enough to move the 'on air' highlight. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), NOW_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function SchedulePage() {
  const shows = useQuery(showsQuery());
  // The week of cards (most of this page's work) renders just after the header and ad, and
  // only in the browser: it is laid out in the listener's time zone, which a server cannot know,
  // and which the dates worker reads, setting ICU up off the main thread (docs/performance.md).
  const weekReady = useDeferredMount({ clientOnly: true });
  const listenerZone = useDeviceTimeZone();
  const settings = useSettings();
  const hasEvents = tenantHasEvents(currentTenant());
  const [tab, setTab] = useState<Tab>('shows');
  const now = useNow();
  const tenantZone = settings.data?.timeZone || DEFAULT_TIME_ZONE;
  const stationName = settings.data?.displayName ?? '';
  const ids = useId();
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ shows: null, events: null });
  const tabs: { id: Tab; label: string }[] = hasEvents
    ? [
        { id: 'shows', label: 'Shows' },
        { id: 'events', label: 'Events' },
      ]
    : [{ id: 'shows', label: 'Shows' }];
  const activeTab: Tab = hasEvents ? tab : 'shows';

  // WAI-ARIA tabs: arrow keys move between tabs, Home/End jump to the ends.
  const onTabKey = (e: KeyboardEvent) => {
    const i = tabs.findIndex((t) => t.id === activeTab);
    const next = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? tabs.length - 1 : null;
    if (next === null) return;
    e.preventDefault();
    const target = tabs[(next + tabs.length) % tabs.length]!;
    setTab(target.id);
    tabRefs.current[target.id]?.focus();
  };

  return (
    <div className="schedule-page">
      <header className="schedule-header">
        <h1>Schedule</h1>
        <p className="muted">Our weekly lineup, shown in your time zone.</p>
      </header>

      <AdSlot slot="schedule" />

      {tabs.length > 1 && (
        <div role="tablist" aria-label="Schedule" className="schedule-tabs" onKeyDown={onTabKey}>
          {tabs.map((t) => (
            <button
              key={t.id}
              ref={(el) => {
                tabRefs.current[t.id] = el;
                // A tab tapped before the app has started is held by the page's script and
                // made again once the app has it (issue 29, app/lib/player/first-tap/taps-later.ts).
                claimLaterTaps(el);
              }}
              type="button"
              data-after-start=""
              role="tab"
              id={`${ids}-tab-${t.id}`}
              aria-selected={activeTab === t.id}
              aria-controls={`${ids}-panel-${t.id}`}
              tabIndex={activeTab === t.id ? 0 : -1}
              className={activeTab === t.id ? '' : 'outline'}
              onClick={() => setTab(t.id)}
            >
              {t.label}
            </button>
          ))}
        </div>
      )}

      <div
        role={tabs.length > 1 ? 'tabpanel' : undefined}
        id={`${ids}-panel-${activeTab}`}
        aria-labelledby={tabs.length > 1 ? `${ids}-tab-${activeTab}` : undefined}
      >
        {activeTab === 'events' ? (
          <ScheduleEvents />
        ) : shows.isPending || !weekReady || !listenerZone ? (
          <Placeholders count={SHOW_PLACEHOLDERS} />
        ) : shows.isLoadingError ? (
          <ErrorState error={shows.error} onRetry={() => void shows.refetch()} />
        ) : shows.data.length === 0 ? (
          <EmptyState title="No Shows Scheduled Yet">
            <p>No shows scheduled yet. Check back soon for our weekly lineup.</p>
          </EmptyState>
        ) : (
          <>
            <WeekCalendar shows={shows.data} now={now} tenantZone={tenantZone} listenerZone={listenerZone} stationName={stationName} />
            <NeverMissBox shows={shows.data} now={now} tenantZone={tenantZone} listenerZone={listenerZone} stationName={stationName} />
          </>
        )}
      </div>
    </div>
  );
}
