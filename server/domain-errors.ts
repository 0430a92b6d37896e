import type { FieldIssue } from '../domain/http-error';

/**
 * What a service or a media check refuses, said in the domain's words: the caller's input is
 * invalid, a thing is missing, a file is too large or of a kind not accepted, a quota is
 * spent. Services throw these and never an HTTP status; http/error-handler.ts maps each kind to
 * its answer once (docs/api.md "Errors and limits").
 */
export type Refusal = 'invalid' | 'not-found' | 'too-large' | 'unsupported' | 'over-quota';

export class DomainError extends Error {
  constructor(
    readonly refusal: Refusal,
    message: string,
    readonly issues?: FieldIssue[],
    /** over-quota: when the quota opens again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (message: string, issues?: FieldIssue[]) => new DomainError('invalid', message, issues);
/** Invalid because of one field: the message is the field's too. */
export const invalidField = (path: string, message: string) => invalid(message, [{ path, message }]);
export const missing = (message: string) => new DomainError('not-found', message);
export const tooLarge = (message: string) => new DomainError('too-large', message);
export const unsupported = (message: string) => new DomainError('unsupported', message);
export const overQuota = (retryAfterSeconds: number, message: string) => new DomainError('over-quota', message, undefined, retryAfterSeconds);
