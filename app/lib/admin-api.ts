import { api, ApiError, type RequestOptions } from './api-client';
import { getAdminKey, setAdminKey } from './admin-key';
import { currentTenant } from './tenant';

/** Every admin query key starts here, so the offline persister can leave them all out. */
export const ADMIN_QUERY_ROOT = 'admin';
export const adminKeyRoot = () => [ADMIN_QUERY_ROOT, currentTenant()] as const;

/**
 * An API call with the admin key. With no key it never sends (issue 4: the admin screens
 * never send a request without it); a 401 means the key is gone or wrong, so the gate
 * shows again.
 */
export async function adminApi<T>(path: string, options: Omit<RequestOptions, 'adminKey'> = {}): Promise<T> {
  const key = getAdminKey();
  if (!key) throw new ApiError(401, 'Invalid admin key');
  try {
    return await api<T>(path, { ...options, adminKey: key });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) setAdminKey(null);
    throw err;
  }
}

/** Admin reads show what is true now: fetched on every visit, never served stale. */
export const ADMIN_FRESH = { staleTime: 0, gcTime: 5 * 60 * 1000 } as const;
