import type { Knex } from 'knex';
import type { Migration } from '../migration-kit';
import * as m0100 from './20261121000100_create_settings';
import * as m0200 from './20261121000200_create_artists';
import * as m0300 from './20261121000300_create_tracks';
import * as m0400 from './20261121000400_create_shows';
import * as m0500 from './20261121000500_create_events';
import * as m0600 from './20261121000600_create_sponsors';
import * as m0700 from './20261121000700_create_prayers';
import * as m0800 from './20261121000800_create_shoutouts';
import * as m0900 from './20261121000900_create_ads';
import * as m1000 from './20261121001000_create_np_history';
import * as m1100 from './20261121001100_create_idempotency_keys';
import * as m1200 from './20261121001200_create_rate_counters';
import * as m1300 from './20261121001300_create_auth_failures';
import * as m1400 from './20261121001400_create_np_cache';
import * as m1500 from './20261121001500_add_artists_reviewed_at';
import * as m1600 from './20261121001600_add_prayers_reviewed_at';
import * as m1700 from './20261121001700_add_shoutouts_reviewed_at';
import * as mUploads from './20261123120000_create_uploads';
import * as mTrackRenditions from './20261123133000_add_tracks_low_data_url';
import * as mUploadOwners from './20261126100000_create_upload_owners';
import * as mEpisodes from './20261126110000_create_episodes';
import * as mJobs from './20261126110100_create_jobs';
import * as mPush from './20261126120100_create_push';
import * as mAdminPeople from './20261126130100_create_admin_people';
import * as mLiveRelay from './20261126140000_create_live_relay';
import * as mRecordings from './20261126150000_add_show_record_and_recordings';
import * as mSessionVerifiedAt from './20261127104100_add_admin_sessions_verified_at';
import * as mPushLimits from './20261127141700_add_push_subscription_address_host';
import * as mChat from './20261127120000_create_chat_a44';
import * as mSongRequests from './20261127440200_create_song_requests';
import * as mAudience from './20261127450200_create_audience';
import * as mAudienceSource from './20261128450300_add_listening_sessions_source';

// Listed here rather than read from a folder, so the bundled server and the
// tests run the very same migrations with no file-system lookup.
const MIGRATIONS: Record<string, Migration> = {
  '20261121000100_create_settings': m0100,
  '20261121000200_create_artists': m0200,
  '20261121000300_create_tracks': m0300,
  '20261121000400_create_shows': m0400,
  '20261121000500_create_events': m0500,
  '20261121000600_create_sponsors': m0600,
  '20261121000700_create_prayers': m0700,
  '20261121000800_create_shoutouts': m0800,
  '20261121000900_create_ads': m0900,
  '20261121001000_create_np_history': m1000,
  '20261121001100_create_idempotency_keys': m1100,
  '20261121001200_create_rate_counters': m1200,
  '20261121001300_create_auth_failures': m1300,
  '20261121001400_create_np_cache': m1400,
  '20261121001500_add_artists_reviewed_at': m1500,
  '20261121001600_add_prayers_reviewed_at': m1600,
  '20261121001700_add_shoutouts_reviewed_at': m1700,
  '20261123120000_create_uploads': mUploads,
  '20261123133000_add_tracks_low_data_url': mTrackRenditions,
  '20261126100000_create_upload_owners': mUploadOwners,
  '20261126110000_create_episodes': mEpisodes,
  '20261126110100_create_jobs': mJobs,
  '20261126120100_create_push': mPush,
  '20261126130100_create_admin_people': mAdminPeople,
  '20261126140000_create_live_relay': mLiveRelay,
  '20261126150000_add_show_record_and_recordings': mRecordings,
  '20261127104100_add_admin_sessions_verified_at': mSessionVerifiedAt,
  '20261127141700_add_push_subscription_address_host': mPushLimits,
  '20261127120000_create_chat_a44': mChat,
  '20261127440200_create_song_requests': mSongRequests,
  '20261127450200_create_audience': mAudience,
  '20261128450300_add_listening_sessions_source': mAudienceSource,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(MIGRATIONS).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const migration = MIGRATIONS[name];
    if (!migration) throw new Error(`Unknown migration ${name}`);
    return migration;
  },
};

export async function migrateLatest(db: Knex): Promise<void> {
  await db.migrate.latest({ migrationSource });
}

/** Migrations this build knows that the database has not run (GET /api/health/ready). */
export async function pendingMigrations(db: Knex): Promise<string[]> {
  const [, pending] = (await db.migrate.list({ migrationSource })) as [unknown[], unknown[]];
  return pending.map((m) => (typeof m === 'string' ? m : String((m as { file?: string; name?: string }).file ?? (m as { name?: string }).name ?? m)));
}
