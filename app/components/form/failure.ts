import { ApiError } from '../../lib/api-client';

/** A failed call's message for a toast: the server's own words where it gave any. */
export const failureMessage = (err: unknown): string => (err instanceof Error ? err.message : 'Something went wrong. Please try again.');

/**
 * What follows a save's fixed failure message ('Failed to update settings'): nothing for a
 * 400, whose messages already stand beside the fields, else the server's words after a colon.
 */
export const failureDetail = (err: unknown): string => (err instanceof ApiError && err.status !== 400 ? `: ${err.message}` : '');
