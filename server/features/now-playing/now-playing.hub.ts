import { createHash } from 'node:crypto';
import type { NowPlaying } from '../../../domain/now-playing';
import type { Tenant } from '../../../domain/tenants';

/** One now-playing answer as it goes out: the GET /api/np body and its ETag. */
export interface Snapshot {
  /** GET /api/np's ETag for this body, so a stream's Last-Event-ID and the ETag are one id. */
  id: string;
  json: string;
  answer: NowPlaying;
}

/**
 * The same weak ETag server/http/caching.ts gives the JSON body of GET /api/np
 * (now-playing.events.test.ts checks that the two agree).
 */
export const etagOf = (json: string): string => `W/"${createHash('sha1').update(json).digest('base64url')}"`;

export function snapshotOf(answer: NowPlaying): Snapshot {
  const json = JSON.stringify(answer);
  return { id: etagOf(json), json, answer };
}

/** An open stream as the hub sees it. */
export interface Subscriber {
  /** The id the client holds; the hub sends only answers with another id. */
  lastId: string | null;
  send(snapshot: Snapshot): void;
  heartbeat(): void;
}

export interface HubOptions {
  /**
   * How often, while anyone listens, the upstream is given its chance to be asked again
   * (`tick`; the poller itself asks at most once per 10 s per tenant across processes).
   */
  checkMs: number;
  heartbeatMs: number;
  /**
   * A change of the listener count alone waits this long after the last broadcast:
   * AzuraCast's count moves at nearly every poll, and each move would otherwise cost every
   * listener an event (issue 7's hourly byte budget). Song and history changes never wait.
   */
  listenersOnlyMinMs: number;
  now: () => number;
  /** The upstream refresh of a tenant; a new answer it finds comes back through changed(). */
  tick?: (tenant: Tenant) => Promise<void>;
  /** A failed read; the next change or look simply tries again. */
  onError?: (err: unknown) => void;
}

/** The answer is looked at again on each minute boundary: shows begin and end on minutes. */
const MINUTE_MS = 60_000;

const sameExceptListeners = (a: NowPlaying, b: NowPlaying): boolean => JSON.stringify({ ...a, listeners: null }) === JSON.stringify({ ...b, listeners: null });

/**
 * The now-playing streams of one process (docs/now-playing-push.md). Nothing here polls the
 * database: the answer of a tenant is read once when its first stream opens, once per change
 * (changed(), from the change bus: a new upstream answer or a successful write, in this
 * process or another), and once per minute (the show on air by the schedule, a listener
 * count held back) — one read per process, whatever the number of streams — and sent only
 * when its id changed. No timers run for a tenant nobody listens to.
 */
export function nowPlayingHub(read: (tenant: Tenant) => Promise<NowPlaying>, options: HubOptions) {
  interface Channel {
    subscribers: Set<Subscriber>;
    /** What was last broadcast, and when: the baseline of the next change. */
    sent: Snapshot | null;
    sentAt: number;
    /** One read at a time per tenant: changes and new streams share it. */
    reading: Promise<Snapshot> | null;
    /** A change arrived while a read was under way: that read may predate it. */
    again: boolean;
    timers: NodeJS.Timeout[];
    minute: NodeJS.Timeout | null;
  }
  const channels = new Map<Tenant, Channel>();

  function current(tenant: Tenant, channel: Channel): Promise<Snapshot> {
    channel.reading ??= read(tenant)
      .then(snapshotOf)
      .finally(() => {
        channel.reading = null;
      });
    return channel.reading;
  }

  function deliver(channel: Channel, snapshot: Snapshot, to: Iterable<Subscriber>): void {
    channel.sent = snapshot;
    channel.sentAt = options.now();
    for (const subscriber of to) {
      if (subscriber.lastId === snapshot.id) continue;
      subscriber.lastId = snapshot.id;
      subscriber.send(snapshot);
    }
  }

  async function check(tenant: Tenant, channel: Channel): Promise<void> {
    if (channel.reading) {
      channel.again = true;
      return;
    }
    let snapshot: Snapshot;
    try {
      snapshot = await current(tenant, channel);
    } catch (err) {
      options.onError?.(err);
      return;
    }
    if (channels.get(tenant) !== channel) return;
    if (channel.again) {
      channel.again = false;
      return check(tenant, channel);
    }
    const sent = channel.sent;
    if (sent?.id === snapshot.id) return;
    if (sent && sameExceptListeners(sent.answer, snapshot.answer) && options.now() - channel.sentAt < options.listenersOnlyMinMs) return;
    deliver(channel, snapshot, channel.subscribers);
  }

  function everyMinute(tenant: Tenant, channel: Channel): void {
    const wait = MINUTE_MS - (Date.now() % MINUTE_MS) + 50;
    channel.minute = setTimeout(() => {
      void check(tenant, channel);
      everyMinute(tenant, channel);
    }, wait);
    channel.minute.unref();
  }

  function open(tenant: Tenant): Channel {
    const channel: Channel = { subscribers: new Set(), sent: null, sentAt: 0, reading: null, again: false, timers: [], minute: null };
    const tick = options.tick;
    if (tick) channel.timers.push(setInterval(() => tick(tenant).catch((err: unknown) => options.onError?.(err)), options.checkMs));
    channel.timers.push(
      setInterval(() => {
        for (const subscriber of channel.subscribers) subscriber.heartbeat();
      }, options.heartbeatMs),
    );
    // The streams end on shutdown; the timers alone never keep a process alive.
    for (const timer of channel.timers) timer.unref();
    everyMinute(tenant, channel);
    channels.set(tenant, channel);
    return channel;
  }

  function leave(tenant: Tenant, channel: Channel, subscriber: Subscriber): void {
    channel.subscribers.delete(subscriber);
    if (channel.subscribers.size > 0 || channels.get(tenant) !== channel) return;
    for (const timer of channel.timers) clearInterval(timer);
    if (channel.minute) clearTimeout(channel.minute);
    channels.delete(tenant);
  }

  return {
    /**
     * Adds a stream and brings it to the current answer (sent unless its lastId already
     * matches). Answers the function that removes it. Rejects, having removed it, when the
     * current answer cannot be read.
     */
    async subscribe(tenant: Tenant, subscriber: Subscriber): Promise<() => void> {
      const channel = channels.get(tenant) ?? open(tenant);
      channel.subscribers.add(subscriber);
      const unsubscribe = () => leave(tenant, channel, subscriber);
      let snapshot: Snapshot;
      try {
        snapshot = await current(tenant, channel);
      } catch (err) {
        unsubscribe();
        throw err;
      }
      if (!channel.subscribers.has(subscriber)) return unsubscribe;
      if (channel.sent?.id !== snapshot.id && channel.sent && !sameExceptListeners(channel.sent.answer, snapshot.answer)) {
        // A song change seen first by a new stream reaches the others at once too.
        deliver(channel, snapshot, channel.subscribers);
      } else {
        if (!channel.sent) {
          channel.sent = snapshot;
          channel.sentAt = options.now();
        }
        if (subscriber.lastId !== snapshot.id) {
          subscriber.lastId = snapshot.id;
          subscriber.send(snapshot);
        }
      }
      return unsubscribe;
    },

    /**
     * The answer of a tenant (null: of every tenant) may have changed: read it once for all
     * of this process's streams and send it if it did. Nothing happens for a tenant nobody
     * listens to here.
     */
    changed(tenant: Tenant | null): void {
      for (const [t, channel] of channels) if (tenant === null || t === tenant) void check(t, channel);
    },

    /** Open streams per tenant (tests and diagnostics). */
    listening(tenant: Tenant): number {
      return channels.get(tenant)?.subscribers.size ?? 0;
    },

    /** True while any timer runs. */
    active(): boolean {
      return channels.size > 0;
    },
  };
}

export type NowPlayingHub = ReturnType<typeof nowPlayingHub>;
