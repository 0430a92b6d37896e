import { onlineManager, useIsMutating, type MutationFilters, type MutationOptions } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { OutboxMeta } from '../../query-client';
import { ApiError } from '../api-client';

/** What a queued write carries: its payload and the key made when the button was pressed. */
export interface OutboxVariables<T> {
  payload: T;
  idempotencyKey: string;
}

export const newIdempotencyKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * A network failure (no answer at all) is worth sending again; an answer from the server is
 * final, except server trouble, a rate limit, and a 409 with Retry-After: the same write is
 * still in progress on the server (or was left so and expires within a minute, docs/api.md
 * Idempotency), so sending it again later ends in its one answer. A 409 without Retry-After
 * (the key was used for another body) is final.
 */
export function isRetryableFailure(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 500 || error.status === 429 || (error.status === 409 && error.retryAfter !== null);
  return true;
}

/** Backoff, but never sooner than the server asked (Retry-After). */
export function outboxRetryDelay(failures: number, error: unknown): number {
  const backoff = Math.min(1000 * 2 ** failures, 30_000);
  const asked = error instanceof ApiError && error.retryAfter !== null ? error.retryAfter * 1000 : 0;
  return Math.min(Math.max(backoff, asked), 60_000);
}

const MAX_SENDS = 6;

/**
 * Options every outbox write shares: paused while offline (TanStack's 'online' network
 * mode), persisted by the cache persister (meta.outbox), retried when the answer was lost
 * — safe, because the Idempotency-Key makes the server store it once. `delivered` is the
 * toast said when a queued write finally arrives, even if its screen is gone.
 */
export function outboxMutationOptions<TData, TPayload>(
  mutationKey: readonly unknown[],
  send: (payload: TPayload, idempotencyKey: string) => Promise<TData>,
  label: string,
  delivered?: OutboxMeta['delivered'],
): MutationOptions<TData, Error, OutboxVariables<TPayload>> {
  return {
    mutationKey: [...mutationKey],
    mutationFn: ({ payload, idempotencyKey }) => send(payload, idempotencyKey),
    networkMode: 'online',
    retry: (failures, error) => failures < MAX_SENDS && isRetryableFailure(error),
    retryDelay: outboxRetryDelay,
    meta: { outbox: true, label, ...(delivered && { delivered }) },
  };
}

/**
 * The writes still waiting to send: paused for the connection, or waiting to be sent again
 * after a send that got no answer. Not only the paused ones: a write between its retries is
 * not paused, and a count that dropped it said "sent" while the write had not arrived yet.
 */
export const waitingToSend: MutationFilters = {
  status: 'pending',
  predicate: (m) => m.meta?.outbox === true && (m.state.isPaused || m.state.failureCount > 0),
};

/** How many writes wait to send. */
export function useOutboxCount(): number {
  return useIsMutating(waitingToSend);
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    (l) => onlineManager.subscribe(l),
    () => onlineManager.isOnline(),
    () => true,
  );
}
