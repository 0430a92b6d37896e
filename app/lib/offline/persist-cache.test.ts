import 'fake-indexeddb/auto';
import { QueryClient, MutationObserver } from '@tanstack/react-query';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, apiErrorOf } from '../api-client';
import { KeyValueStore } from './kv-store';
import { isRetryableFailure, outboxMutationOptions, outboxRetryDelay, type OutboxVariables } from './outbox';
import { shouldPersistMutation, shouldPersistQuery, startPersistence } from './persist-cache';

const query = (key: unknown[], status: 'success' | 'error' | 'pending' = 'success') =>
  ({ queryKey: key, state: { status } }) as unknown as Parameters<typeof shouldPersistQuery>[0];

describe('what persists', () => {
  it('keeps successful public queries and never admin answers or ads', () => {
    expect(shouldPersistQuery(query(['shows', 'watzhott']))).toBe(true);
    expect(shouldPersistQuery(query(['admin', 'watzhott', 'settings']))).toBe(false);
    expect(shouldPersistQuery(query(['ads', 'watzhott', 'sidebar', 'GY']))).toBe(false);
    expect(shouldPersistQuery(query(['shows', 'watzhott'], 'error'))).toBe(false);
  });

  it('keeps only paused outbox mutations', () => {
    const m = (isPaused: boolean, outbox?: boolean) => ({ state: { isPaused }, meta: outbox === undefined ? undefined : { outbox } }) as never;
    expect(shouldPersistMutation(m(true, true))).toBe(true);
    expect(shouldPersistMutation(m(false, true))).toBe(false);
    expect(shouldPersistMutation(m(true))).toBe(false);
  });

  it('retries lost answers and server trouble, never a 4xx', () => {
    expect(isRetryableFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isRetryableFailure(new ApiError(503, 'Service unavailable'))).toBe(true);
    expect(isRetryableFailure(new ApiError(429, 'Too many requests'))).toBe(true);
    expect(isRetryableFailure(new ApiError(400, 'Please enter your prayer request before submitting.'))).toBe(false);
    expect(isRetryableFailure(new ApiError(409, 'conflict'))).toBe(false);
  });

  it('retries a 409 that says Retry-After (the same write still in progress), no sooner than asked', async () => {
    const res = { status: 409, statusText: 'Conflict', headers: new Headers({ 'Retry-After': '5' }) };
    const inProgress = apiErrorOf(res, JSON.stringify({ error: 'A request with this Idempotency-Key is still being processed' }));
    expect(inProgress.retryAfter).toBe(5);
    expect(isRetryableFailure(inProgress)).toBe(true);
    expect(outboxRetryDelay(1, inProgress)).toBe(5000);
    // Another body under the same key is final.
    expect(isRetryableFailure(apiErrorOf({ status: 409, statusText: 'Conflict', headers: new Headers() }, '{"error":"used"}'))).toBe(false);
  });

  it('delivers a write whose first sends met "still in progress", and tells the listener nothing failed', async () => {
    const client = new QueryClient();
    let sends = 0;
    const send = async () => {
      sends += 1;
      if (sends < 3) throw new ApiError(409, 'A request with this Idempotency-Key is still being processed', [], 0);
      return { ok: true };
    };
    const observer = new MutationObserver(client, { ...outboxMutationOptions(['prayers', 'add'], send, 'prayer'), retryDelay: 1 });
    await expect(observer.mutate({ payload: { text: 'x' }, idempotencyKey: 'k' })).resolves.toEqual({ ok: true });
    expect(sends).toBe(3);
  });
});

describe('KeyValueStore', () => {
  it('stores, reads and removes text in IndexedDB', async () => {
    const store = new KeyValueStore(`kv-test-${Math.random()}`);
    expect(await store.getItem('a')).toBeNull();
    await store.setItem('a', 'one');
    await store.setItem('a', 'two');
    expect(await store.getItem('a')).toBe('two');
    await store.removeItem('a');
    expect(await store.getItem('a')).toBeNull();
  });
});

describe('the outbox across a restart', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('persists a write made offline and sends it once, with its key, after the app starts again', async () => {
    const sent: { payload: { text: string }; key: string }[] = [];
    const send = async (payload: { text: string }, key: string) => {
      sent.push({ payload, key });
      return { ok: true };
    };
    const key = ['prayers', 'add'] as const;

    // First run: offline, the listener presses the button.
    onlineManager.setOnline(false);
    const first = new QueryClient();
    first.setMutationDefaults(key, outboxMutationOptions(key, send, 'prayer'));
    await startPersistence(first, 'build-1');
    const observer = new MutationObserver<unknown, Error, OutboxVariables<{ text: string }>>(first, { mutationKey: [...key] });
    void observer.mutate({ payload: { text: 'Pray for rain' }, idempotencyKey: 'key-123' }).catch(() => {});
    await new Promise((r) => setTimeout(r, 1200)); // the persister writes at most once a second
    expect(sent).toHaveLength(0);
    expect(first.getMutationCache().getAll()[0]?.state.isPaused).toBe(true);

    // Second run, a new page: the connection is back.
    onlineManager.setOnline(true);
    const second = new QueryClient();
    second.setMutationDefaults(key, outboxMutationOptions(key, send, 'prayer'));
    await startPersistence(second, 'build-1');
    await new Promise((r) => setTimeout(r, 50));
    expect(sent).toEqual([{ payload: { text: 'Pray for rain' }, key: 'key-123' }]);
  });

  it('restores the same build cache and drops another build cache', async () => {
    const a = new QueryClient();
    await startPersistence(a, 'build-A');
    a.setQueryData(['shows', 'watzhott'], [{ id: 's1' }]);
    await new Promise((r) => setTimeout(r, 1200)); // the persister writes at most once a second
    const sameBuild = new QueryClient();
    await startPersistence(sameBuild, 'build-A');
    expect(sameBuild.getQueryData(['shows', 'watzhott'])).toEqual([{ id: 's1' }]);
    const newBuild = new QueryClient();
    await startPersistence(newBuild, 'build-B');
    expect(newBuild.getQueryData(['shows', 'watzhott'])).toBeUndefined();
  });
});
