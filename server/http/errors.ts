import type { FieldIssue } from '../../domain/http-error';
import { DomainError, type Refusal } from '../domain-errors';

/** The one error type routes throw; error-handler.ts turns it into docs/api.md's JSON body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues?: FieldIssue[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, issues?: FieldIssue[]) => new HttpError(400, message, issues);
export const unauthorized = (message = 'Invalid admin key') => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const payloadTooLarge = (message = 'Request body is too large') => new HttpError(413, message);
export const unsupportedMediaType = (message: string) => new HttpError(415, message);
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many requests, please slow down') =>
  new HttpError(429, message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
const REFUSAL_STATUS: Record<Refusal, number> = { invalid: 400, 'not-found': 404, 'too-large': 413, unsupported: 415, 'over-quota': 429 };

/**
 * The HTTP error of anything this server throws on purpose: an HttpError as it is, a service's
 * DomainError by its kind (server/domain-errors.ts); null for anything else.
 */
export function asHttpError(err: unknown): HttpError | null {
  if (err instanceof HttpError) return err;
  if (!(err instanceof DomainError)) return null;
  if (err.refusal === 'over-quota') return tooManyRequests(err.retryAfterSeconds ?? 1, err.message);
  return new HttpError(REFUSAL_STATUS[err.refusal], err.message, err.issues);
}

export const serviceUnavailable = (message = 'Service unavailable') =>
  new HttpError(503, message, undefined, { 'Retry-After': '5' });
