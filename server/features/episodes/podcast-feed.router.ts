import Router from '@koa/router';
import type { AppState, Deps } from '../../http/context';

/** GET /podcast.xml (docs/api.md, The feed). */
export function podcastFeedRouter(_deps: Deps): Router<AppState> {
  return new Router<AppState>();
}
