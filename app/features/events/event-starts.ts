import { useEffect, useState } from 'react';
import { formatDatesOffThread } from '../../lib/intl-off-thread/format-dates';
import { useHydrated } from '../../lib/use-hydrated';
import { EVENT_START_PARTS, formatEventStart } from './event-format';

/**
 * How each card writes its event's start (docs/server-render.md). The server writes it in the
 * station's zone and one locale, as neither it nor the browser's hydration knows the listener's.
 * On that page, the browser keeps the server's text (null: EventCard leaves it) until the dates
 * worker has written the starts in the listener's own zone and locale: written on the page, the
 * first date cost the hydration its ICU set-up (docs/performance.md, "ICU set-up off the page").
 * A page the app draws itself has no text to keep, and writes them at once.
 */
export function useEventStarts(isos: readonly string[], stationZone: string): (iso: string) => string | null {
  const hydrated = useHydrated();
  // Whether this list was first drawn by the server (and then hydrated), or by the app, and
  // the starts the server wrote: an event a later refetch adds has no server text to keep.
  const [fromServer] = useState(() => !hydrated);
  const [written] = useState(() => new Set(isos));
  const key = isos.join(' ');
  const [listeners, setListeners] = useState<ReadonlyMap<string, string>>(() => new Map());
  useEffect(() => {
    if (!fromServer || !key) return;
    let live = true;
    const list = key.split(' ');
    formatDatesOffThread({ isos: list, options: EVENT_START_PARTS }).then(
      (texts) => live && setListeners(new Map(list.map((iso, i) => [iso, texts[i]!]))),
      // Unwritten, a start keeps the station's time, which says its zone.
      () => {},
    );
    return () => {
      live = false;
    };
  }, [fromServer, key]);
  return (iso) => {
    const listener = listeners.get(iso);
    if (listener) return listener;
    if (typeof document === 'undefined') return formatEventStart(iso, stationZone, 'en-US');
    return fromServer && written.has(iso) ? null : formatEventStart(iso);
  };
}
