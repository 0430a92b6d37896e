import type { PushSubscriptionKeys } from '../../../domain/push';
import type { Show } from '../../../domain/shows';
import type { Tenant } from '../../../domain/tenants';
import type { Db } from '../../db/knex';
import { newId, nowIso, num } from '../../db/rows';
import { showsRepository } from '../shows/shows.repository';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface StoredSubscription {
  id: string;
  tenant: Tenant;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  origin: string;
}

export interface Delivery {
  subscriptionId: string;
  showId: string;
  airing: string;
  startsAtMs: number;
  attempts: number;
}

interface SubscriptionRow {
  id: string;
  tenant: Tenant;
  endpoint: string;
  p256dh: string;
  auth: string;
  origin: string;
}

const toSubscription = (r: SubscriptionRow): StoredSubscription => ({
  id: r.id,
  tenant: r.tenant,
  endpoint: r.endpoint,
  keys: { p256dh: r.p256dh, auth: r.auth },
  origin: r.origin,
});

const deliveryKey = (d: Pick<Delivery, 'subscriptionId' | 'showId' | 'airing'>) => ({ subscription_id: d.subscriptionId, show_id: d.showId, airing: d.airing });

export function pushRepository(db: Db) {
  /** Pending deliveries whose time has come and that no live process holds, with their subscription. */
  const dueRows = (now: number) =>
    db('push_deliveries')
      .join('push_subscriptions', 'push_subscriptions.id', 'push_deliveries.subscription_id')
      .where('push_deliveries.state', 'pending')
      .andWhere('push_deliveries.next_attempt_ms', '<=', now)
      .andWhere('push_deliveries.lease_until_ms', '<=', now)
      .andWhere('push_deliveries.starts_at_ms', '>', now);

  return {
    /** The one stored key pair, made by `make` if there is none yet; every process reads the same. */
    async vapidKeys(make: () => VapidKeys, now: number): Promise<VapidKeys> {
      const read = () => db('push_keys').where({ id: 1 }).first<{ public_key: string; private_key: string } | undefined>();
      let row = await read();
      if (!row) {
        const keys = make();
        // Two processes starting at once both try; the first insert wins and both read it.
        await db('push_keys').insert({ id: 1, public_key: keys.publicKey, private_key: keys.privateKey, created_at: nowIso(now) }).onConflict('id').ignore();
        row = await read();
      }
      if (!row) throw new Error('push_keys: the key pair could not be stored');
      return { publicKey: row.public_key, privateKey: row.private_key };
    },

    /** The ids among `ids` that are shows of this tenant. */
    async existingShowIds(tenant: Tenant, ids: string[]): Promise<Set<string>> {
      return showsRepository(db).idsAmong(tenant, ids);
    },

    /**
     * How many subscriptions made from `address` follow at least one show, leaving out this
     * tenant's one with `endpoint` (saving it again adds none).
     */
    async activeAtAddress(address: string, tenant: Tenant, endpoint: string): Promise<number> {
      const row = await db('push_subscriptions as s')
        .where('s.address', address)
        .whereNot((q) => q.where({ 's.tenant': tenant, 's.endpoint': endpoint }))
        .whereExists(db('push_subscription_shows as f').whereRaw('f.subscription_id = s.id'))
        .count({ n: '*' })
        .first<{ n: unknown }>();
      return num(row?.n ?? 0);
    },

    /**
     * Stores the subscription (or refreshes the one with this endpoint) with exactly these shows,
     * the address it came from (the latest) and its push-service host.
     */
    async save(
      tenant: Tenant,
      subscription: PushSubscriptionKeys,
      showIds: string[],
      from: { origin: string; address: string; endpointHost: string },
      now: number,
    ): Promise<{ id: string; created: boolean }> {
      const { origin, address, endpointHost } = from;
      return db.transaction(async (trx) => {
        const id = newId();
        const at = nowIso(now);
        // Insert-if-absent, so two requests with one endpoint never make two rows.
        await trx('push_subscriptions')
          .insert({ id, tenant, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, origin, address, endpoint_host: endpointHost, created_at: at, updated_at: at })
          .onConflict(['tenant', 'endpoint'])
          .ignore();
        const row = await trx('push_subscriptions').where({ tenant, endpoint: subscription.endpoint }).first<{ id: string }>('id');
        if (!row) throw new Error('push_subscriptions: the subscription could not be stored');
        const created = row.id === id;
        if (!created) {
          // The browser may have new keys for the same endpoint; the show list is replaced.
          await trx('push_subscriptions').where({ id: row.id }).update({ p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, origin, address, endpoint_host: endpointHost, updated_at: at });
          await trx('push_subscription_shows').where({ subscription_id: row.id }).delete();
        }
        if (showIds.length > 0) await trx('push_subscription_shows').insert(showIds.map((show_id) => ({ subscription_id: row.id, show_id })));
        return { id: row.id, created };
      });
    },

    async removeByEndpoint(tenant: Tenant, endpoint: string): Promise<void> {
      const row = await db('push_subscriptions').where({ tenant, endpoint }).first<{ id: string } | undefined>('id');
      if (row) await this.remove(row.id);
    },

    /** The subscription, its shows and its deliveries (a push service said it is gone, or the browser asked). */
    async remove(id: string): Promise<void> {
      await db.transaction(async (trx) => {
        await trx('push_deliveries').where({ subscription_id: id }).delete();
        await trx('push_subscription_shows').where({ subscription_id: id }).delete();
        await trx('push_subscriptions').where({ id }).delete();
      });
    },

    async showIdsOf(id: string): Promise<string[]> {
      const rows = await db('push_subscription_shows').where({ subscription_id: id }).orderBy('show_id').select('show_id');
      return rows.map((r: { show_id: string }) => r.show_id);
    },

    /** The tenant's shows that at least one subscription follows. */
    async followedShows(tenant: Tenant): Promise<Show[]> {
      const followed = await db('push_subscription_shows')
        .join('push_subscriptions', 'push_subscriptions.id', 'push_subscription_shows.subscription_id')
        .where('push_subscriptions.tenant', tenant)
        .distinct('push_subscription_shows.show_id as id');
      return showsRepository(db).byIds(tenant, followed.map((r: { id: string }) => r.id));
    },

    /**
     * One pending delivery per subscription following the show, for this airing; a row that
     * exists already (another process, or this one before a restart) is left as it is.
     */
    async addDeliveries(tenant: Tenant, showId: string, airing: string, startsAtMs: number, now: number): Promise<void> {
      const subs = await db('push_subscription_shows')
        .join('push_subscriptions', 'push_subscriptions.id', 'push_subscription_shows.subscription_id')
        .where({ 'push_subscriptions.tenant': tenant, 'push_subscription_shows.show_id': showId })
        .select('push_subscriptions.id as id');
      const rows = subs.map((s: { id: string }) => ({ subscription_id: s.id, show_id: showId, airing, starts_at_ms: startsAtMs, state: 'pending', attempts: 0, next_attempt_ms: now, lease_until_ms: 0 }));
      for (let i = 0; i < rows.length; i += 200) {
        await db('push_deliveries').insert(rows.slice(i, i + 200)).onConflict(['subscription_id', 'show_id', 'airing']).ignore();
      }
    },

    /** The push-service hosts that have pending deliveries whose time has come and that no live process holds. */
    async dueHosts(now: number): Promise<string[]> {
      const rows = await dueRows(now).distinct('push_subscriptions.endpoint_host as host');
      return rows.map((r: { host: string | null }) => r.host ?? '');
    },

    /** Those deliveries of subscriptions on one push-service host, the soonest show first. */
    async due(now: number, limit: number, host: string): Promise<Delivery[]> {
      const rows = await dueRows(now)
        // Rows made without a host (only ever by hand) share the lane named ''.
        .andWhere((q) => (host ? q.where('push_subscriptions.endpoint_host', host) : q.whereNull('push_subscriptions.endpoint_host').orWhere('push_subscriptions.endpoint_host', '')))
        .orderBy('push_deliveries.starts_at_ms')
        .limit(limit)
        .select('push_deliveries.*');
      return rows.map((r: { subscription_id: string; show_id: string; airing: string; starts_at_ms: unknown; attempts: unknown }) => ({
        subscriptionId: r.subscription_id,
        showId: r.show_id,
        airing: r.airing,
        startsAtMs: num(r.starts_at_ms),
        attempts: num(r.attempts),
      }));
    },

    /**
     * What a claimed delivery needs, in one read: its subscription and its show, or null when
     * the listener took the show off since the row was made, or an admin deleted it.
     */
    async toSend(d: Delivery): Promise<{ sub: StoredSubscription; show: Pick<Show, 'id' | 'title' | 'description'> } | null> {
      const row = await db('push_subscriptions')
        .join('push_subscription_shows', 'push_subscription_shows.subscription_id', 'push_subscriptions.id')
        .join('shows', (j) => j.on('shows.id', 'push_subscription_shows.show_id').andOn('shows.tenant', 'push_subscriptions.tenant'))
        .where({ 'push_subscriptions.id': d.subscriptionId, 'push_subscription_shows.show_id': d.showId })
        .first<(SubscriptionRow & { title: string; description: string }) | undefined>('push_subscriptions.*', 'shows.title', 'shows.description');
      return row ? { sub: toSubscription(row), show: { id: d.showId, title: row.title, description: row.description } } : null;
    },

    /** Takes the delivery for this process until `leaseUntil`; false when another process has it. */
    async claim(d: Delivery, now: number, leaseUntil: number): Promise<boolean> {
      const changed = await db('push_deliveries')
        .where(deliveryKey(d))
        .andWhere({ state: 'pending' })
        .andWhere('lease_until_ms', '<=', now)
        .andWhere('next_attempt_ms', '<=', now)
        .update({ lease_until_ms: leaseUntil });
      return changed === 1;
    },

    async markSent(d: Delivery): Promise<void> {
      await db('push_deliveries').where(deliveryKey(d)).update({ state: 'sent', attempts: d.attempts + 1, lease_until_ms: 0 });
    },

    async retryAt(d: Delivery, at: number): Promise<void> {
      await db('push_deliveries').where(deliveryKey(d)).update({ attempts: d.attempts + 1, next_attempt_ms: at, lease_until_ms: 0 });
    },

    async drop(d: Delivery): Promise<void> {
      await db('push_deliveries').where(deliveryKey(d)).update({ state: 'dropped', attempts: d.attempts + 1, lease_until_ms: 0 });
    },

    /** Pending deliveries of shows that have started are dropped; old rows go after a day. */
    async sweep(now: number): Promise<number> {
      const dropped = await db('push_deliveries').where({ state: 'pending' }).andWhere('starts_at_ms', '<=', now).update({ state: 'dropped' });
      await db('push_deliveries').where('starts_at_ms', '<', now - 24 * 60 * 60 * 1000).delete();
      return dropped;
    },

    /** Test and log helper: the deliveries of one airing, by state. */
    async deliveryStates(showId: string, airing: string): Promise<{ subscriptionId: string; state: string; attempts: number }[]> {
      const rows = await db('push_deliveries').where({ show_id: showId, airing }).orderBy('subscription_id');
      return rows.map((r: { subscription_id: string; state: string; attempts: unknown }) => ({ subscriptionId: r.subscription_id, state: r.state, attempts: num(r.attempts) }));
    },
  };
}

export type PushRepository = ReturnType<typeof pushRepository>;
