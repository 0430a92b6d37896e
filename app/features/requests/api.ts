import { queryOptions } from '@tanstack/react-query';
import { DEVICE_ID_HEADER, REQUEST_PATHS, type RequestStatus } from '../../../domain/request-on-air';
import type { NewSongRequest, RequestableSong, SongRequest } from '../../../domain/requests';
import { adminApi, adminKeyRoot } from '../../lib/admin-api';
import { apiErrorOf, apiUrl } from '../../lib/api-client';
import { currentTenant } from '../../lib/tenant';

const DEVICE_KEY = 'radio-device-id';
const newUuid = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}`);

/**
 * This device's id for requests (docs/api.md "Song requests and dedications"): a random uuid
 * made once and kept on the device, so the server can say "one per 10 minutes" and "your request".
 */
export function deviceId(): string {
  try {
    const kept = localStorage.getItem(DEVICE_KEY);
    if (kept) return kept;
    const made = newUuid();
    localStorage.setItem(DEVICE_KEY, made);
    return made;
  } catch {
    // No storage (a private window): one id for this page's life.
    return (sessionId ??= newUuid());
  }
}
let sessionId: string | undefined;

async function requestsApi<T>(path: string, init: { method?: 'GET' | 'POST'; body?: unknown; idempotencyKey?: string; signal?: AbortSignal } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', [DEVICE_ID_HEADER]: deviceId() };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (init.idempotencyKey) headers['Idempotency-Key'] = init.idempotencyKey;
  const res = await fetch(apiUrl(path), { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body), signal: init.signal, credentials: 'include' });
  const text = await res.text();
  if (!res.ok) throw apiErrorOf(res, text);
  return (text ? JSON.parse(text) : undefined) as T;
}

export const requestKeys = {
  songs: (q: string) => ['requests', currentTenant(), 'songs', q] as const,
  mine: () => ['requests', currentTenant(), 'mine'] as const,
  admin: () => [...adminKeyRoot(), 'requests'] as const,
};

export const songsQuery = (q: string) =>
  queryOptions({
    queryKey: requestKeys.songs(q),
    queryFn: ({ signal }) => requestsApi<RequestableSong[]>(`${REQUEST_PATHS.songs}?q=${encodeURIComponent(q)}`, { signal }),
    staleTime: 60_000,
  });

/** Asked only while a requested song is on air: whose request it is. */
export const mineQuery = (onAirKey: string) =>
  queryOptions({
    queryKey: [...requestKeys.mine(), onAirKey],
    queryFn: ({ signal }) => requestsApi<SongRequest[]>(REQUEST_PATHS.mine, { signal }),
    staleTime: 30_000,
  });

export type SongRequestInput = Partial<NewSongRequest>;

export const sendRequest = (input: SongRequestInput, idempotencyKey: string) =>
  requestsApi<{ id: string; status: RequestStatus }>(REQUEST_PATHS.create, { method: 'POST', body: input, idempotencyKey });

/**
 * The moderators' queue, asked again every 5 s while the page is open: one moderator's phone
 * polling with an ETag (a 304 when nothing changed) costs less than a stream held open, and
 * needs nothing more from the change bus (docs/api.md "Song requests and dedications").
 */
export const ADMIN_POLL_MS = 5_000;
export const adminRequestsQuery = () =>
  queryOptions({
    queryKey: requestKeys.admin(),
    queryFn: () => adminApi<SongRequest[]>(REQUEST_PATHS.admin),
    refetchInterval: ADMIN_POLL_MS,
    staleTime: 0,
  });

export const markRequest = (id: string, status: 'played' | 'skipped') => adminApi<SongRequest>(`${REQUEST_PATHS.admin}/${encodeURIComponent(id)}`, { method: 'PATCH', body: { status } });
