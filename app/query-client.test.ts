import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shouldPersistMutation } from './lib/offline/persist-cache';
import { createQueryClient, onOutboxNotice, type OutboxNotice } from './query-client';
import { pray, sendingPrayers, type SendPrayer } from './test/outbox-prayers';

const delivered = { title: 'Prayer Submitted', description: 'Your prayer request will appear after review.' };
const sending = (client: QueryClient, send: SendPrayer) => sendingPrayers(client, send, delivered);

describe('outbox notices', () => {
  const stops: (() => void)[] = [];
  afterEach(() => stops.splice(0).forEach((stop) => stop()));
  const listen = () => {
    const notices: OutboxNotice[] = [];
    stops.push(onOutboxNotice((n) => notices.push(n)));
    return notices;
  };

  it('announces the delivery of a write the app was closed on while it was being sent, once the next start sends it', async () => {
    // The last session: the write was being sent when the app closed; what was saved of it.
    const last = sending(new QueryClient(), () => new Promise<never>(() => {}));
    void pray(last, 'Pray for the farmers', 'key-farmers').catch(() => {});
    const saved = JSON.parse(JSON.stringify(dehydrate(last, { shouldDehydrateMutation: shouldPersistMutation })));
    expect(saved.mutations).toHaveLength(1);

    // This start: restored and sent.
    const notices = listen();
    const client = sending(createQueryClient(), async () => ({ ok: true }));
    hydrate(client, saved);
    await client.getMutationCache().getAll()[0]!.continue();
    await vi.waitFor(() => expect(notices).toEqual([{ kind: 'delivered', ...delivered }]));
  });

  it('says nothing globally of a write sent straight away: its own screen answers it', async () => {
    const notices = listen();
    await pray(
      sending(createQueryClient(), async () => ({ ok: true })),
      'Pray for the teachers',
      'key-teachers',
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(notices).toEqual([]);
  });
});
