import { Placeholders } from '../../components/states';

// Its own module so the route file does not pull the watch page into the first-visit bundle.
export function WatchPending() {
  return <Placeholders count={2} />;
}
