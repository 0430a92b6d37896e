import { isErrorBody, type FieldIssue } from '../../domain/http-error';
import { ADMIN_SESSION_HEADER } from '../../domain/admin-session';
import { tenantApiPath } from '../../domain/tenants';
import { takeEarlyAnswer } from './admin-early/early-answers';
import { currentTenant } from './tenant';

/** A non-2xx answer. The message is the server's own words (docs/api.md error body). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: FieldIssue[] = [],
    /** Seconds the server asked us to wait (Retry-After), when it said. */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Sent as x-admin-key; only admin screens pass it. */
  adminKey?: string;
  /** Act as the signed-in admin (x-admin-session: the session cookie counts); only admin screens pass it. */
  adminSession?: boolean;
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/** Adds ?tenant=caribbean while on the Caribbean tenant (docs/api.md Tenant). */
export const apiUrl = (path: string): string => tenantApiPath(path, currentTenant());

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiResponse<T>(path, options)).data;
}

/** An answer with the headers a caller needs besides its body (now playing's ETag, a page's Link and X-Total-Count). */
export interface ApiAnswer<T> {
  data: T;
  headers: Headers;
}

/** As api(), keeping the answer's headers. */
export async function apiResponse<T>(path: string, options: RequestOptions = {}): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (options.adminKey) headers['x-admin-key'] = options.adminKey;
  else if (options.adminSession) headers[ADMIN_SESSION_HEADER] = '1';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  const url = apiUrl(path);
  // An admin page's first questions were asked by the shell's early script, the same URL with the
  // same session header: the answer on its way is taken once instead of asking again.
  const early = (options.method ?? 'GET') === 'GET' && options.adminSession ? await takeEarlyAnswer(url) : undefined;
  const res =
    early ??
    (await fetch(url, {
      method: options.method ?? 'GET',
      credentials: 'include',
      headers,
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
    }));
  if (res.status === 204) return { data: undefined as T, headers: res.headers };
  const text = await res.text();
  if (!res.ok) throw apiErrorOf(res, text);
  return { data: (text ? JSON.parse(text) : undefined) as T, headers: res.headers };
}

/** The error a failed answer stands for: the server's message, else docs/product.md#messages's "status: text". */
export function apiErrorOf(res: Pick<Response, 'status' | 'statusText'> & { headers?: Pick<Headers, 'get'> }, text: string): ApiError {
  const retryHeader = res.headers?.get('Retry-After');
  const retryAfter = retryHeader && /^\d+$/.test(retryHeader.trim()) ? Number(retryHeader.trim()) : null;
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  if (isErrorBody(parsed)) return new ApiError(res.status, parsed.error, parsed.issues, retryAfter);
  return new ApiError(res.status, `${res.status}: ${text || res.statusText}`, [], retryAfter);
}

/** Field messages from a 400, keyed by path, for showing beside the fields. */
export function issuesByField(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  return Object.fromEntries(err.issues.map((i) => [i.path, i.message]));
}
