import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { createReminderStore, reminderBlock, type PushEnvironment } from './reminders';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1';

/** A browser as the store sees it: the permission prompt, the push manager and Cache Storage. */
function browser(opts: { answer?: NotificationPermission; permission?: NotificationPermission; ua?: string; standalone?: boolean; cache?: Map<string, string> } = {}) {
  let permission: NotificationPermission = opts.permission ?? 'default';
  const log: string[] = [];
  const cache = opts.cache ?? new Map<string, string>();
  let current: { endpoint: string } | null = null;
  const sub = (endpoint: string) => ({ endpoint, toJSON: () => ({ endpoint, keys: { p256dh: 'p', auth: 'a' } }) });
  const env: PushEnvironment = {
    userAgent: opts.ua ?? ANDROID,
    standalone: opts.standalone ?? false,
    hasPush: true,
    permission: () => permission,
    requestPermission: async () => {
      log.push('asked');
      permission = opts.answer ?? 'granted';
      return permission;
    },
    registration: async () =>
      ({
        pushManager: {
          getSubscription: async () => (current ? sub(current.endpoint) : null),
          subscribe: async (o: { applicationServerKey: string }) => {
            log.push(`subscribe ${o.applicationServerKey}`);
            current = { endpoint: 'https://push.example/e1' };
            return sub(current.endpoint);
          },
        },
      }) as unknown as ServiceWorkerRegistration,
    store: async () =>
      ({
        match: async (key: string) => (cache.has(key) ? new Response(cache.get(key)) : undefined),
        put: async (key: string, res: Response) => void cache.set(key, await res.text()),
      }) as unknown as Cache,
  };
  const calls: string[] = [];
  /** The shows on the server's schedule; saving any other is 400 'Unknown show', as the server answers. */
  const known = new Set(['s1', 's2', 's3', 'gone-soon']);
  const api = {
    fetchPushKey: async () => 'KEY',
    fetchShowIds: async () => new Set(known),
    saveReminderSubscription: async (s: { endpoint: string }, ids: string[]) => {
      calls.push(`save ${s.endpoint} ${ids.join(',')}`);
      if (ids.some((id) => !known.has(id))) throw new ApiError(400, 'Unknown show');
      return { id: 'x', showIds: ids };
    },
    deleteReminderSubscription: async (endpoint: string) => {
      calls.push(`delete ${endpoint}`);
    },
  };
  return { env, api, log, calls, cache, known };
}

describe('reminders in the browser', () => {
  it('says why where push cannot work', () => {
    const base = { userAgent: ANDROID, standalone: false, hasPush: true, permission: () => 'default' as NotificationPermission };
    expect(reminderBlock(base)).toBeNull();
    expect(reminderBlock({ ...base, userAgent: IPHONE })).toBe('ios');
    expect(reminderBlock({ ...base, userAgent: IPHONE, standalone: true })).toBeNull();
    expect(reminderBlock({ ...base, hasPush: false })).toBe('unsupported');
    expect(reminderBlock({ ...base, permission: () => 'denied' })).toBe('denied');
  });

  it('asks the permission on the first tap only, keeps the server in step with the shows chosen, and remembers them', async () => {
    const b = browser();
    const store = createReminderStore(b.env, b.api, 'caribbean');
    await store.load();
    expect(b.log).toEqual([]);
    await store.toggle('s1');
    await store.toggle('s2');
    expect(b.log).toEqual(['asked', 'subscribe KEY']);
    expect([...store.get().showIds]).toEqual(['s1', 's2']);
    await store.toggle('s1');
    await store.toggle('s2');
    expect(b.calls).toEqual(['save https://push.example/e1 s1', 'save https://push.example/e1 s1,s2', 'save https://push.example/e1 s2', 'delete https://push.example/e1']);
    await store.setAll(['s1', 's2', 's3'], true);
    expect(b.calls.at(-1)).toBe('save https://push.example/e1 s1,s2,s3');
    // A later visit (another store on the same Cache Storage) shows them set.
    const again = createReminderStore(browser({ cache: b.cache }).env, b.api, 'caribbean');
    await again.load();
    expect([...again.get().showIds]).toEqual(['s1', 's2', 's3']);
    expect(JSON.parse(b.cache.get('/__reminders/caribbean')!)).toEqual({ endpoint: 'https://push.example/e1', showIds: ['s1', 's2', 's3'] });
  });

  it('sends the list again on a visit when the browser has replaced the subscription', async () => {
    const cache = new Map([['/__reminders/watzhott', JSON.stringify({ endpoint: 'https://push.example/rotated-away', showIds: ['s1'] })]]);
    const b = browser({ permission: 'granted', cache });
    const store = createReminderStore(b.env, b.api, 'watzhott');
    await store.load();
    await expect.poll(() => b.calls).toEqual(['save https://push.example/e1 s1']);
    expect(JSON.parse(cache.get('/__reminders/watzhott')!).endpoint).toBe('https://push.example/e1');
    // In step: the next visit sends nothing.
    const again = createReminderStore(b.env, b.api, 'watzhott');
    await again.load();
    await new Promise((r) => setTimeout(r, 20));
    expect(b.calls).toHaveLength(1);
  });

  it('a show taken off the schedule leaves the list the next time it is sent', async () => {
    const b = browser({ permission: 'granted' });
    const store = createReminderStore(b.env, b.api, 'watzhott');
    await store.load();
    await store.toggle('gone-soon');
    b.known.delete('gone-soon');
    await store.toggle('s2');
    expect(b.calls.slice(1)).toEqual(['save https://push.example/e1 gone-soon,s2', 'save https://push.example/e1 s2']);
    expect(store.get()).toMatchObject({ error: null });
    expect([...store.get().showIds]).toEqual(['s2']);
  });

  it('a refused permission blocks reminders and sends nothing', async () => {
    const b = browser({ answer: 'denied' });
    const store = createReminderStore(b.env, b.api, 'watzhott');
    await store.load();
    await store.toggle('s1');
    expect(store.get()).toMatchObject({ block: 'denied', error: null });
    expect(store.get().showIds.size).toBe(0);
    expect(b.calls).toEqual([]);
  });

  it("shows the server's message on the show that failed, and keeps the old choice", async () => {
    const b = browser({ permission: 'granted' });
    b.api.saveReminderSubscription = async () => {
      throw new ApiError(400, 'Unknown show');
    };
    const store = createReminderStore(b.env, b.api, 'watzhott');
    await store.load();
    await store.toggle('s1');
    expect(store.get().error).toEqual({ message: 'Unknown show', showIds: 's1' });
    expect(store.get().showIds.size).toBe(0);
    expect(store.get().busy.size).toBe(0);
  });
});
