import type { RequestableSong, RequestStatus, SongRequest } from '../../../domain/requests';
import type { Tenant } from '../../../domain/tenants';
import type { Db } from '../../db/knex';
import { likePattern, newId, nowIso, num } from '../../db/rows';

interface RequestRow {
  id: string;
  tenant: string;
  song_id: string | null;
  title: string;
  artist: string;
  name: string;
  for_whom: string;
  message: string;
  device_id: string;
  address: string;
  status: string;
  azuracast_request_id: string | null;
  created_at: string;
  played_at: string | null;
}

export interface NewRequestRow {
  songId: string | null;
  title: string;
  artist: string;
  name: string;
  for: string;
  message: string;
  deviceId: string;
  address: string;
  azuracastRequestId: string | null;
}

/** Never the address or the device id (docs/api.md "Song requests and dedications"). */
const toRequest = (row: RequestRow): SongRequest => ({
  id: row.id,
  title: row.title,
  artist: row.artist,
  name: row.name,
  for: row.for_whom,
  message: row.message,
  status: row.status as RequestStatus,
  createdAt: row.created_at,
  playedAt: row.played_at,
});

export function requestsRepository(db: Db) {
  const table = () => db<RequestRow>('song_requests');
  return {
    async create(tenant: Tenant, input: NewRequestRow, now: number): Promise<SongRequest> {
      const row: RequestRow = {
        id: newId(),
        tenant,
        song_id: input.songId,
        title: input.title,
        artist: input.artist,
        name: input.name,
        for_whom: input.for,
        message: input.message,
        device_id: input.deviceId,
        address: input.address,
        status: 'received',
        azuracast_request_id: input.azuracastRequestId,
        created_at: nowIso(now),
        played_at: null,
      };
      await table().insert(row);
      return toRequest(row);
    },

    /** Since `sinceMs`: this device's latest request (null: none), and the number from this address. */
    async recentCounts(tenant: Tenant, deviceId: string, address: string, sinceMs: number): Promise<{ lastFromDeviceMs: number | null; address: number }> {
      const since = nowIso(sinceMs);
      const [device, fromAddress] = await Promise.all([
        table().where({ tenant, device_id: deviceId }).andWhere('created_at', '>', since).max({ last: 'created_at' }).first(),
        table().where({ tenant, address }).andWhere('created_at', '>', since).count({ n: '*' }).first(),
      ]);
      const last = device?.last ? Date.parse(String(device.last)) : NaN;
      return { lastFromDeviceMs: Number.isFinite(last) ? last : null, address: num(fromAddress?.n) };
    },

    /** The open requests of our own queue (not those AzuraCast holds), oldest first. */
    async open(tenant: Tenant): Promise<SongRequest[]> {
      const rows = await table().where({ tenant, status: 'received' }).whereNull('azuracast_request_id').orderBy('created_at').orderBy('id');
      return rows.map(toRequest);
    },

    async openCount(tenant: Tenant): Promise<number> {
      const row = await table().where({ tenant, status: 'received' }).whereNull('azuracast_request_id').count({ n: '*' }).first();
      return num(row?.n);
    },

    async mine(tenant: Tenant, deviceId: string, limit = 20): Promise<SongRequest[]> {
      const rows = await table().where({ tenant, device_id: deviceId }).orderBy('created_at', 'desc').orderBy('id').limit(limit);
      return rows.map(toRequest);
    },

    async setStatus(tenant: Tenant, id: string, status: RequestStatus, now: number): Promise<SongRequest | null> {
      const changed = await table()
        .where({ tenant, id })
        .update({ status, played_at: status === 'played' ? nowIso(now) : null });
      if (!changed) return null;
      const row = await table().where({ tenant, id }).first();
      return row ? toRequest(row) : null;
    },

    /** Approved tracks of approved artists (shared by both tenants), whose title or artist has `q`. */
    async approvedTracks(q: string, limit = 100): Promise<RequestableSong[]> {
      const query = db('tracks')
        .join('artists', 'artists.id', 'tracks.artist_id')
        .where('tracks.status', 'approved')
        .andWhere('artists.approved', true)
        .select('tracks.id as id', 'tracks.title as title', 'artists.name as artist')
        .orderBy('tracks.title')
        .orderBy('tracks.id')
        .limit(limit);
      if (q) {
        const pattern = likePattern(q);
        query.andWhere((w) => w.whereRaw("lower(tracks.title) like ? escape '\\'", [pattern]).orWhereRaw("lower(artists.name) like ? escape '\\'", [pattern]));
      }
      return (await query) as RequestableSong[];
    },

    async approvedTrack(id: string): Promise<RequestableSong | null> {
      const row = await db('tracks')
        .join('artists', 'artists.id', 'tracks.artist_id')
        .where('tracks.id', id)
        .andWhere('tracks.status', 'approved')
        .andWhere('artists.approved', true)
        .first('tracks.id as id', 'tracks.title as title', 'artists.name as artist');
      return (row as RequestableSong | undefined) ?? null;
    },
  };
}
