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
  /** How often the current answer is read while anyone listens. */
  checkMs: number;
  heartbeatMs: number;
  /**
   * A change of the listener count alone waits this long after the last broadcast:
   * AzuraCast's count moves at nearly every poll, and each move would otherwise cost every
   * listener an event (issue 7's hourly byte budget). Song and history changes never wait.
   */
  listenersOnlyMinMs: number;
  now: () => number;
  /** A failed periodic read; the next check simply tries again. */
  onError?: (err: unknown) => void;
}

const sameExceptListeners = (a: NowPlaying, b: NowPlaying): boolean => JSON.stringify({ ...a, listeners: null }) === JSON.stringify({ ...b, listeners: null });

/**
 * Change detection for the now-playing streams of one process: per tenant, while at least
 * one stream is open, the current answer is read through the service (which asks the
 * upstream at most once per 10 s per tenant and shares its cache with other processes
 * through the database) every checkMs, and sent only when its id changed. No timers run for
 * a tenant nobody listens to.
 */
export function nowPlayingHub(read: (tenant: Tenant) => Promise<NowPlaying>, options: HubOptions) {
  interface Channel {
    subscribers: Set<Subscriber>;
    /** What was last broadcast, and when: the baseline of the next change. */
    sent: Snapshot | null;
    sentAt: number;
    /** One read at a time per tenant: checks and new streams share it. */
    reading: Promise<Snapshot> | null;
    timers: NodeJS.Timeout[];
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
    let snapshot: Snapshot;
    try {
      snapshot = await current(tenant, channel);
    } catch (err) {
      options.onError?.(err);
      return;
    }
    if (channels.get(tenant) !== channel) return;
    const sent = channel.sent;
    if (sent?.id === snapshot.id) return;
    if (sent && sameExceptListeners(sent.answer, snapshot.answer) && options.now() - channel.sentAt < options.listenersOnlyMinMs) return;
    deliver(channel, snapshot, channel.subscribers);
  }

  function open(tenant: Tenant): Channel {
    const channel: Channel = { subscribers: new Set(), sent: null, sentAt: 0, reading: null, timers: [] };
    channel.timers.push(
      setInterval(() => void check(tenant, channel), options.checkMs),
      setInterval(() => {
        for (const subscriber of channel.subscribers) subscriber.heartbeat();
      }, options.heartbeatMs),
    );
    // The streams end on shutdown; the timers alone never keep a process alive.
    for (const timer of channel.timers) timer.unref();
    channels.set(tenant, channel);
    return channel;
  }

  function leave(tenant: Tenant, channel: Channel, subscriber: Subscriber): void {
    channel.subscribers.delete(subscriber);
    if (channel.subscribers.size > 0 || channels.get(tenant) !== channel) return;
    for (const timer of channel.timers) clearInterval(timer);
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
