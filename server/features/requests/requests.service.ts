import {
  MAX_OPEN_REQUESTS,
  REQUEST_INTERVAL_MS,
  REQUEST_MESSAGES,
  REQUESTS_PER_ADDRESS,
  isDeviceId,
  type NewSongRequest,
  type RequestableSong,
  type RequestStatus,
  type SongRequest,
} from '../../../domain/requests';
import type { Tenant } from '../../../domain/tenants';
import { findListedWord } from '../../../domain/word-list';
import type { Db } from '../../db/knex';
import { loadSettings } from '../../db/settings-store';
import { limitKey } from '../../http/client-address';
import type { Deps } from '../../http/context';
import { HttpError, badRequest, notFound, serviceUnavailable, tooManyRequests } from '../../http/errors';
import { azuraCastStation, fetchRequestableSongs, submitRequest, type AzuraCastStation } from './requests.azuracast';
import { requestsRepository } from './requests.repository';

/** docs/api.md: AzuraCast's requestable songs are fetched at most once a minute per tenant (per process). */
export const AZURACAST_LIST_MS = 60_000;
const LIST_LIMIT = 100;

const unprocessable = (message: string) => new HttpError(422, message);

interface Listed {
  url: string;
  atMs: number;
  /** null: the station takes no requests (our own queue then). */
  songs: RequestableSong[] | null;
}

const matches = (q: string) => {
  const needle = q.trim().toLowerCase();
  return (s: RequestableSong) => !needle || s.title.toLowerCase().includes(needle) || s.artist.toLowerCase().includes(needle);
};

/**
 * Song requests and dedications (docs/api.md "Song requests and dedications"): with an
 * AzuraCast station taking requests, its list and its queue; otherwise our approved tracks and
 * our own queue, which moderators work through on /admin/requests. Our own per-listener limit
 * (device and address) comes first either way, so one listener never spends everyone's turn.
 */
export function requestsService(deps: Deps) {
  const repo = requestsRepository(deps.db);
  const rules = { allowPrivate: deps.config.upstreamAllowPrivate };
  const timeoutMs = deps.config.npUpstreamTimeoutMs ?? 4_000;
  const listed = new Map<Tenant, Listed>();
  const flights = new Map<Tenant, Promise<Listed>>();

  async function openSettings(tenant: Tenant) {
    const settings = await loadSettings(deps.db, tenant);
    if (!settings.enableRequests) throw notFound(REQUEST_MESSAGES.off);
    return settings;
  }

  /** AzuraCast's list, asked at most once a minute per tenant; one fetch at a time. */
  function azuraCastList(tenant: Tenant, at: AzuraCastStation, url: string): Promise<Listed> {
    const known = listed.get(tenant);
    if (known && known.url === url && Math.abs(deps.now() - known.atMs) < AZURACAST_LIST_MS) return Promise.resolve(known);
    const flight = flights.get(tenant);
    if (flight) return flight;
    const promise = (async () => {
      let songs: RequestableSong[] | null;
      try {
        songs = await fetchRequestableSongs(at, rules, timeoutMs);
      } catch {
        // Unreachable: the last list while there is one, else a 503 (not our own list:
        // a request of ours would never reach the station's queue).
        if (known && known.url === url) return known;
        throw serviceUnavailable(REQUEST_MESSAGES.stationDown);
      }
      const entry = { url, atMs: deps.now(), songs };
      listed.set(tenant, entry);
      return entry;
    })().finally(() => flights.delete(tenant));
    flights.set(tenant, promise);
    return promise;
  }

  /** The AzuraCast station and its list when it takes requests; null for our own queue. */
  async function azuraCast(tenant: Tenant, npJsonUrl: string): Promise<{ at: AzuraCastStation; songs: RequestableSong[] } | null> {
    const at = npJsonUrl ? azuraCastStation(npJsonUrl) : null;
    if (!at) return null;
    const list = await azuraCastList(tenant, at, npJsonUrl);
    return list.songs ? { at, songs: list.songs } : null;
  }

  function deviceOf(header: string | undefined): string {
    const id = (header ?? '').trim();
    if (!isDeviceId(id)) throw badRequest(REQUEST_MESSAGES.device);
    return id;
  }

  return {
    async songs(tenant: Tenant, q: string): Promise<RequestableSong[]> {
      const settings = await openSettings(tenant);
      const station = await azuraCast(tenant, settings.npJsonUrl);
      if (station) return station.songs.filter(matches(q)).slice(0, LIST_LIMIT);
      return repo.approvedTracks(q.trim().slice(0, 100), LIST_LIMIT);
    },

    async create(tenant: Tenant, input: NewSongRequest, deviceHeader: string | undefined, clientAddress: string): Promise<{ id: string; status: RequestStatus }> {
      const settings = await openSettings(tenant);
      const deviceId = deviceOf(deviceHeader);
      const address = limitKey(clientAddress);
      const now = deps.now();
      const recent = await repo.recentCounts(tenant, deviceId, address, now - REQUEST_INTERVAL_MS);
      if (recent.lastFromDeviceMs !== null) throw tooManyRequests((recent.lastFromDeviceMs + REQUEST_INTERVAL_MS - now) / 1000, REQUEST_MESSAGES.tooSoon);
      if (recent.address >= REQUESTS_PER_ADDRESS) throw tooManyRequests(REQUEST_INTERVAL_MS / 1000, REQUEST_MESSAGES.addressBusy);
      // The dedication passes the owner's word list, or is refused with the reason.
      const listedWord = findListedWord([input.name, input.for, input.message].join('\n'), settings.chatWordList);
      if (listedWord) throw unprocessable(REQUEST_MESSAGES.word);

      const dedication = { name: input.name, for: input.for, message: input.message, deviceId, address };
      const station = await azuraCast(tenant, settings.npJsonUrl);
      if (station) {
        const song = input.songId ? station.songs.find((s) => s.id === input.songId) : undefined;
        if (!song) throw unprocessable(REQUEST_MESSAGES.unknownSong);
        let result;
        try {
          result = await submitRequest(station.at, song.id, clientAddress, rules, timeoutMs);
        } catch {
          throw serviceUnavailable(REQUEST_MESSAGES.stationDown);
        }
        // AzuraCast's own refusal, as it says it.
        if (!result.ok) throw unprocessable(result.message);
        const created = await repo.create(tenant, { ...dedication, songId: song.id, title: song.title, artist: song.artist, azuracastRequestId: song.id }, now);
        return { id: created.id, status: created.status };
      }

      if ((await repo.openCount(tenant)) >= MAX_OPEN_REQUESTS) throw tooManyRequests(60, REQUEST_MESSAGES.full);
      let song: { songId: string | null; title: string; artist: string };
      if (input.songId) {
        const track = await repo.approvedTrack(input.songId);
        if (!track) throw unprocessable(REQUEST_MESSAGES.unknownSong);
        song = { songId: track.id, title: track.title, artist: track.artist };
      } else {
        song = { songId: null, title: input.title, artist: input.artist };
      }
      const created = await repo.create(tenant, { ...dedication, ...song, azuracastRequestId: null }, now);
      return { id: created.id, status: created.status };
    },

    async mine(tenant: Tenant, deviceHeader: string | undefined): Promise<SongRequest[]> {
      return repo.mine(tenant, deviceOf(deviceHeader));
    },

    open: (tenant: Tenant) => repo.open(tenant),

    /** In the caller's transaction (with its activity log entry). */
    async setStatus(db: Db, tenant: Tenant, id: string, status: RequestStatus): Promise<SongRequest> {
      const updated = await requestsRepository(db).setStatus(tenant, id, status, deps.now());
      if (!updated) throw notFound(REQUEST_MESSAGES.notFound);
      return updated;
    },
  };
}
