import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { ChatEvent } from '../../domain/chat';
import { isTenant, type Tenant } from '../../domain/tenants';
import type { Db } from './knex';

/**
 * What changed, for every process serving the same database (docs/now-playing-push.md):
 * - `np`: the now-playing answer of a tenant may have changed (a new upstream answer);
 * - `public`: a write succeeded, so public answers (settings, shows, ads, now playing) may have.
 * - `chat`: one chat event of a tenant (a message, a hidden one, the pin), carried whole so that
 *   every process hands it to its own listeners without reading the database (docs/api.md
 *   "Live chat"); a message's JSON is far below NOTIFY's 8000-byte payload limit.
 * A null tenant means every tenant (a lost listener connection: anything may have changed).
 */
export type Change = { topic: 'np' | 'public'; tenant: Tenant | null } | { topic: 'chat'; tenant: Tenant; event: ChatEvent };

export interface ChangeBus {
  /** Tells this process's subscribers at once, and every other process on the database. */
  publish(change: Change): void;
  subscribe(handler: (change: Change) => void): () => void;
  close(): Promise<void>;
}

function fanOut() {
  const handlers = new Set<(change: Change) => void>();
  return {
    handlers,
    emit(change: Change) {
      for (const handler of [...handlers]) {
        try {
          handler(change);
        } catch {
          // One subscriber's fault must not keep the change from the others.
        }
      }
    },
    subscribe(handler: (change: Change) => void) {
      handlers.add(handler);
      return () => void handlers.delete(handler);
    },
  };
}

/** SQLite is one process: an in-process event is all it takes. */
export function localChangeBus(): ChangeBus {
  const local = fanOut();
  return { publish: (change) => local.emit(change), subscribe: local.subscribe, close: async () => {} };
}

export const CHANGE_CHANNEL = 'radio_changes';
const RECONNECT_MS = 1_000;

/**
 * PostgreSQL LISTEN/NOTIFY: one dedicated connection per process listens on one channel;
 * a change is NOTIFY'd through the pool (delivered to the others when it commits, at once for
 * a bare statement). Notifications carry the sender's id, so a process does not act twice on
 * its own change. While the listening connection is down it is re-opened every second, and
 * on coming back every subscriber is told that everything may have changed, because
 * notifications sent meanwhile are lost.
 */
export async function postgresChangeBus(db: Db, connectionString: string, onError: (err: unknown) => void = () => {}): Promise<ChangeBus> {
  const local = fanOut();
  const origin = randomUUID();
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== CHANGE_CHANNEL || !message.payload) return;
    let parsed: { o?: unknown; topic?: unknown; tenant?: unknown; event?: unknown };
    try {
      parsed = JSON.parse(message.payload) as typeof parsed;
    } catch {
      return;
    }
    if (parsed.o === origin) return;
    if (parsed.topic === 'chat') {
      const event = parsed.event as ChatEvent | undefined;
      if (isTenant(parsed.tenant) && typeof event === 'object' && event !== null && typeof event.type === 'string') local.emit({ topic: 'chat', tenant: parsed.tenant, event });
      return;
    }
    if (parsed.topic !== 'np' && parsed.topic !== 'public') return;
    local.emit({ topic: parsed.topic, tenant: isTenant(parsed.tenant) ? parsed.tenant : null });
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString });
    next.on('notification', onNotification);
    next.on('error', (err) => {
      onError(err);
      lost(next);
    });
    next.on('end', () => lost(next));
    await next.connect();
    await next.query(`LISTEN ${CHANGE_CHANNEL}`);
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
  }

  function lost(which: pg.Client): void {
    if (client !== which || closed) return;
    client = null;
    which.end().catch(() => {});
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    if (retry || closed) return;
    retry = setTimeout(() => {
      retry = null;
      connect().then(
        () => {
          // Whatever was sent while we were away is lost: look again at everything.
          local.emit({ topic: 'public', tenant: null });
          local.emit({ topic: 'np', tenant: null });
        },
        (err: unknown) => {
          onError(err);
          scheduleReconnect();
        },
      );
    }, RECONNECT_MS);
    retry.unref();
  }

  await connect();

  return {
    publish(change) {
      local.emit(change);
      const payload = JSON.stringify({ o: origin, ...change });
      db.raw('select pg_notify(?, ?)', [CHANGE_CHANNEL, payload]).catch(onError);
    },
    subscribe: local.subscribe,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
