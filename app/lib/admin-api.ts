import { apiResponse, ApiError, type ApiAnswer, type RequestOptions } from './api-client';
import { getSignedIn, setSignedIn } from './admin-access';
import { getAdminKey, setAdminKey } from './admin-key';
import { currentTenant } from './tenant';

/** Every admin query key starts here, so the offline persister can leave them all out. */
export const ADMIN_QUERY_ROOT = 'admin';
export const adminKeyRoot = () => [ADMIN_QUERY_ROOT, currentTenant()] as const;

/**
 * An API call with the admin key, or as the signed-in person (their session cookie goes by
 * itself). With neither it never sends (issue 4: the admin screens never send a request
 * without it); a 401 means the key or the session is gone, so the gate shows again.
 */
export async function adminApi<T>(path: string, options: Omit<RequestOptions, 'adminKey' | 'adminSession'> = {}): Promise<T> {
  return (await adminApiResponse<T>(path, options)).data;
}

/** As adminApi(), keeping the answer's headers (a paged list's Link and X-Total-Count). */
export async function adminApiResponse<T>(path: string, options: Omit<RequestOptions, 'adminKey' | 'adminSession'> = {}): Promise<ApiAnswer<T>> {
  const key = getAdminKey();
  if (!key && !getSignedIn()) throw new ApiError(401, 'Invalid admin key');
  try {
    return await apiResponse<T>(path, key ? { ...options, adminKey: key } : { ...options, adminSession: true });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      if (key) setAdminKey(null);
      else setSignedIn(null);
    }
    throw err;
  }
}

/** Admin reads show what is true now: fetched on every visit, never served stale. */
export const ADMIN_FRESH = { staleTime: 0, gcTime: 5 * 60 * 1000 } as const;
