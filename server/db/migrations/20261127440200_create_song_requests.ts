import { createTable } from '../migration-kit';

// Song requests and dedications (docs/api.md "Song requests and dedications"). A request sent on
// to AzuraCast is kept too (azuracast_request_id set): our per-listener limit counts it, and the
// radio page names its requester when it plays. The address and the device id are never answered.
export const { up, down } = createTable('song_requests', (t) => {
  t.string('id', 64).primary();
  t.string('tenant', 32).notNullable();
  // One of the two: an approved track of ours (or AzuraCast's request id), or a title typed in.
  t.string('song_id', 64).nullable();
  t.string('title', 300).notNullable();
  t.string('artist', 300).notNullable();
  t.string('name', 60).notNullable();
  t.string('for_whom', 60).notNullable();
  t.string('message', 200).notNullable();
  t.string('device_id', 64).notNullable();
  t.string('address', 64).notNullable();
  // received, played or skipped.
  t.string('status', 16).notNullable().defaultTo('received');
  t.string('azuracast_request_id', 120).nullable();
  t.string('created_at', 32).notNullable();
  t.string('played_at', 32).nullable();
  t.index(['tenant', 'status', 'created_at']);
  t.index(['tenant', 'device_id', 'created_at']);
  t.index(['tenant', 'address', 'created_at']);
});
