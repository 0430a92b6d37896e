import { Placeholders } from '../../components/states';

// Its own module: the route file imports it statically, and importing it from the page would
// pull the whole schedule page into the first-visit bundle.
export const SHOW_PLACEHOLDERS = 7;

/** While the route loads the shows (slow connections only: the router waits a second first). */
export function SchedulePending() {
  return (
    <div className="schedule-page">
      <header className="schedule-header">
        <h1>Schedule</h1>
      </header>
      <Placeholders count={SHOW_PLACEHOLDERS} />
    </div>
  );
}
