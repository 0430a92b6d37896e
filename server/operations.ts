import type { Operation } from './http/operation';
import { ACTIVITY_OPERATIONS } from './features/activity/activity.operations';
import { ADS_OPERATIONS, OUT_OPERATIONS } from './features/ads/ads.operations';
import { AUDIENCE_OPERATIONS } from './features/audience/audience.operations';
import { ARTISTS_OPERATIONS } from './features/artists/artists.operations';
import { CHAT_OPERATIONS } from './features/chat/chat.operations';
import { EPISODES_OPERATIONS } from './features/episodes/episodes.operations';
import { PODCAST_FEED_OPERATIONS } from './features/episodes/podcast-feed.operations';
import { EVENTS_OPERATIONS } from './features/events/events.operations';
import { HEALTH_OPERATIONS } from './features/health/health.operations';
import { LIVE_OPERATIONS } from './features/live/live.operations';
import { NOW_PLAYING_OPERATIONS } from './features/now-playing/now-playing.operations';
import { openApiOperations } from './features/openapi/openapi.endpoint';
import { PEOPLE_OPERATIONS } from './features/people/people.operations';
import { PRAYERS_OPERATIONS } from './features/prayers/prayers.operations';
import { PUSH_OPERATIONS } from './features/push/push.operations';
import { REQUESTS_OPERATIONS } from './features/requests/requests.operations';
import { SETTINGS_OPERATIONS } from './features/settings/settings.operations';
import { SHOUTOUTS_OPERATIONS } from './features/shoutouts/shoutouts.operations';
import { SHOWS_OPERATIONS } from './features/shows/shows.operations';
import { SPONSORS_OPERATIONS } from './features/sponsors/sponsors.operations';
import { TRACKS_OPERATIONS } from './features/tracks/tracks.operations';
import { UPLOADS_OPERATIONS } from './features/uploads/uploads.operations';

/**
 * Every operation of the HTTP contract, one list per feature (each mounted as one router by
 * http/mount.ts, in this order), and the OpenAPI document made from all of them.
 */
export const OPERATION_LISTS: readonly (readonly Operation[])[] = [
  HEALTH_OPERATIONS,
  openApiOperations(() => OPERATIONS),
  SETTINGS_OPERATIONS,
  NOW_PLAYING_OPERATIONS,
  ARTISTS_OPERATIONS,
  TRACKS_OPERATIONS,
  UPLOADS_OPERATIONS,
  SHOWS_OPERATIONS,
  EPISODES_OPERATIONS,
  PODCAST_FEED_OPERATIONS,
  EVENTS_OPERATIONS,
  SPONSORS_OPERATIONS,
  PRAYERS_OPERATIONS,
  SHOUTOUTS_OPERATIONS,
  ADS_OPERATIONS,
  PUSH_OPERATIONS,
  OUT_OPERATIONS,
  PEOPLE_OPERATIONS,
  ACTIVITY_OPERATIONS,
  LIVE_OPERATIONS,
  CHAT_OPERATIONS,
  REQUESTS_OPERATIONS,
  AUDIENCE_OPERATIONS,
];

export const OPERATIONS: readonly Operation[] = OPERATION_LISTS.flat();
