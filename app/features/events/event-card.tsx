import type { Event } from '../../../domain/events';
import { formatPriceFrom } from './upcoming-events';
import { formatEventStart, initialOf } from './event-format';

const IMAGE_WIDTH = 640;
const IMAGE_HEIGHT = 360;

/**
 * `zone`: where the start is written. The listener's own zone (none given) once the app has the
 * page; the station's, in one locale, on the server and while the browser hydrates its page
 * (docs/server-render.md): neither knows the listener's zone, and both must write the same.
 */
export function EventCard({ event, lowData, zone }: { event: Event; lowData: boolean; zone?: string }) {
  const price = formatPriceFrom(event.priceFrom);
  return (
    <article className="event-card" data-testid="event-card">
      {event.imageUrl && !lowData ? (
        <img className="event-image" src={event.imageUrl} alt="" width={IMAGE_WIDTH} height={IMAGE_HEIGHT} loading="lazy" decoding="async" />
      ) : (
        <div className="event-image event-initial" aria-hidden="true">
          {initialOf(event.title)}
        </div>
      )}
      <div className="event-body">
        <h3 className="event-title">{event.title}</h3>
        <p className="event-when">
          <time dateTime={event.startIso}>{zone ? formatEventStart(event.startIso, zone, 'en-US') : formatEventStart(event.startIso)}</time>
        </p>
        {event.locationText && <p className="event-where">{event.locationText}</p>}
        {price && <p className="event-price">{price}</p>}
        {event.ticketUrl && (
          <a className="event-tickets" role="button" href={event.ticketUrl} target="_blank" rel="noopener">
            Get Tickets<span className="visually-hidden">: {event.title} (opens in a new tab)</span>
          </a>
        )}
      </div>
    </article>
  );
}
