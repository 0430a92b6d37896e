import type { Event } from '../../../domain/events';
import { formatPriceFrom } from './upcoming-events';
import { initialOf } from './event-format';

const IMAGE_WIDTH = 640;
const IMAGE_HEIGHT = 360;

/**
 * `start`: the event's start as written (event-starts.ts), or null to keep what the server wrote
 * in the page this card hydrates.
 */
export function EventCard({ event, lowData, start }: { event: Event; lowData: boolean; start: string | null }) {
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
          <time dateTime={event.startIso} suppressHydrationWarning={start === null}>
            {start ?? ''}
          </time>
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
