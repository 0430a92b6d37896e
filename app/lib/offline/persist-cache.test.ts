import 'fake-indexeddb/auto';
import { QueryClient, MutationObserver } from '@tanstack/react-query';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiErrorOf } from '../api-client';
import { KeyValueStore } from './dexie-stores';
import { queryCacheStorage } from './offline-storage';
import { isRetryableFailure, outboxMutationOptions, outboxRetryDelay, waitingToSend } from './outbox';
import { shouldPersistMutation, shouldPersistQuery, startPersistence } from './persist-cache';
import { pray, prayerKey, sendingPrayers, type SendPrayer } from '../../test/outbox-prayers';

const query = (key: unknown[], status: 'success' | 'error' | 'pending' = 'success') =>
  ({ queryKey: key, state: { status } }) as unknown as Parameters<typeof shouldPersistQuery>[0];

describe('what persists', () => {
  it('keeps successful public queries and never admin answers or ads', () => {
    expect(shouldPersistQuery(query(['shows', 'watzhott']))).toBe(true);
    expect(shouldPersistQuery(query(['admin', 'watzhott', 'settings']))).toBe(false);
    expect(shouldPersistQuery(query(['ads', 'watzhott', 'sidebar', 'GY']))).toBe(false);
    expect(shouldPersistQuery(query(['shows', 'watzhott'], 'error'))).toBe(false);
  });

  it('keeps every unanswered outbox mutation, paused or being sent, and nothing else', () => {
    const m = (status: string, isPaused: boolean, outbox?: boolean) =>
      ({ state: { status, isPaused }, meta: outbox === undefined ? undefined : { outbox } }) as never;
    expect(shouldPersistMutation(m('pending', true, true))).toBe(true);
    expect(shouldPersistMutation(m('pending', false, true))).toBe(true);
    expect(shouldPersistMutation(m('success', false, true))).toBe(false);
    expect(shouldPersistMutation(m('error', false, true))).toBe(false);
    expect(shouldPersistMutation(m('pending', true))).toBe(false);
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

  it('counts a write as waiting to send from the button press, through a lost answer, until it is delivered', async () => {
    const client = new QueryClient();
    let answer: () => void = () => {};
    let sends = 0;
    const send: SendPrayer = () => {
      sends += 1;
      if (sends === 1) return Promise.reject(new TypeError('Failed to fetch'));
      return new Promise((resolve) => (answer = () => resolve({ ok: true })));
    };
    sendingPrayers(client, send);
    client.setMutationDefaults(prayerKey, { ...client.getMutationDefaults(prayerKey), retryDelay: 200 });
    client.mount(); // as the app's provider does: the client hears the connection return
    onlineManager.setOnline(false);
    try {
      const delivered = pray(client, 'Pray for the road', 'key-waiting');
      expect(client.isMutating(waitingToSend)).toBe(1);
      await new Promise((r) => setTimeout(r, 0)); // the write reaches its pause before the connection returns
      onlineManager.setOnline(true);
      // The first send gets no answer: the write waits for its next send, unpaused.
      await vi.waitFor(() => expect(sends).toBe(1));
      expect(client.getMutationCache().getAll()[0]?.state.isPaused).toBe(false);
      expect(client.isMutating(waitingToSend)).toBe(1);
      await vi.waitFor(() => expect(sends).toBe(2));
      answer();
      await delivered;
      expect(client.isMutating(waitingToSend)).toBe(0);
    } finally {
      onlineManager.setOnline(true);
      client.unmount();
    }
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
  // Each "page" saves to the same store until it is closed, and a save it had scheduled still
  // lands up to a second later: close every page a test opened, let those saves land, and
  // start the next test from an empty store.
  const pages: (() => void)[] = [];
  const open = async (client: QueryClient, buster: string) => void pages.push(await startPersistence(client, buster));
  afterEach(async () => {
    pages.splice(0).forEach((close) => close());
    onlineManager.setOnline(true);
    await new Promise((r) => setTimeout(r, 1100));
    await queryCacheStorage.removeItem('query-cache');
  });

  /** A page's query client, which sends queued prayers with `send`. */
  const pageClient = (send: SendPrayer) => sendingPrayers(new QueryClient(), send);
  /** The listener presses the button; its answer comes (or not) in a later page. */
  const press = (client: QueryClient, text: string, idempotencyKey: string) => void pray(client, text, idempotencyKey).catch(() => {});
  /**
   * Until what is saved holds `count` queued writes. The persister saves at most once a second,
   * and a save at the write's creation (not yet queued) can hold the next one back that long.
   */
  const saved = (count: number) =>
    vi.waitFor(
      async () => {
        const stored = JSON.parse((await queryCacheStorage.getItem('query-cache')) ?? 'null') as { clientState: { mutations: unknown[] } } | null;
        expect(stored?.clientState.mutations).toHaveLength(count);
      },
      { timeout: 5000, interval: 50 },
    );

  it('persists a write made offline and sends it once, with its key, after the app starts again', async () => {
    const sent: { payload: { text: string }; key: string }[] = [];
    const send: SendPrayer = async (payload, key) => {
      sent.push({ payload, key });
      return { ok: true };
    };

    // First run: offline, the listener presses the button.
    onlineManager.setOnline(false);
    const first = pageClient(send);
    await open(first, 'build-1');
    press(first, 'Pray for rain', 'key-123');
    await saved(1);
    expect(sent).toHaveLength(0);
    expect(first.getMutationCache().getAll()[0]?.state.isPaused).toBe(true);

    // Second run, a new page: the connection is back.
    onlineManager.setOnline(true);
    await open(pageClient(send), 'build-1');
    await vi.waitFor(() => expect(sent).toEqual([{ payload: { text: 'Pray for rain' }, key: 'key-123' }]));
  });

  it('keeps the queue whole while a restart offline resumes it, so closing the app at once loses nothing', async () => {
    const send: SendPrayer = async () => ({ ok: true });
    onlineManager.setOnline(false);
    const first = pageClient(send);
    await open(first, 'build-restart');
    press(first, 'Pray for the fishermen', 'key-restart');
    await saved(1);

    // The app opens again offline (resuming the queue unpauses each write for a moment) and
    // is closed at once; the next start still finds the write.
    await open(pageClient(send), 'build-restart');
    const third = pageClient(send);
    await open(third, 'build-restart');
    const queued = third.getMutationCache().getAll();
    expect(queued.map((m) => [m.state.variables, m.state.isPaused])).toEqual([
      [{ payload: { text: 'Pray for the fishermen' }, idempotencyKey: 'key-restart' }, true],
    ]);
  });

  it('sends again, with the same key, a write the app was closed on while it was being sent', async () => {
    const sent: string[] = [];
    const first = pageClient((_, idempotencyKey) => {
      sent.push(idempotencyKey);
      return new Promise<never>(() => {});
    });
    await open(first, 'build-inflight');
    press(first, 'Pray for the nurses', 'key-inflight');
    await saved(1);
    expect(sent).toEqual(['key-inflight']);

    const delivered: string[] = [];
    await open(
      pageClient(async (_, idempotencyKey) => delivered.push(idempotencyKey)),
      'build-inflight',
    );
    await vi.waitFor(() => expect(delivered).toEqual(['key-inflight']));
  });

  it('restores the same build cache and drops another build cache', async () => {
    const a = new QueryClient();
    await open(a, 'build-A');
    a.setQueryData(['shows', 'watzhott'], [{ id: 's1' }]);
    await vi.waitFor(async () => expect(await queryCacheStorage.getItem('query-cache')).toContain('"s1"'), { timeout: 5000, interval: 50 });
    const sameBuild = new QueryClient();
    await open(sameBuild, 'build-A');
    expect(sameBuild.getQueryData(['shows', 'watzhott'])).toEqual([{ id: 's1' }]);
    const newBuild = new QueryClient();
    await open(newBuild, 'build-B');
    expect(newBuild.getQueryData(['shows', 'watzhott'])).toBeUndefined();
  });
});
