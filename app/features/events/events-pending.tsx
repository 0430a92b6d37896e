import { Placeholders } from '../../components/states';

// Its own module so the route file does not pull the events page into the first-visit bundle.
/** docs/product.md#limits-and-constants: six loading placeholders. */
export const EVENT_PLACEHOLDERS = 6;

/** While the route loads the events (slow connections only: the router waits a second first). */
export function EventsPending() {
  return (
    <div className="events-page">
      <h1>Upcoming Events</h1>
      <Placeholders count={EVENT_PLACEHOLDERS} />
    </div>
  );
}
