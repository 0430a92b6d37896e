import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import { outboxMutationOptions, type OutboxVariables } from '../lib/offline/outbox';
import type { OutboxMeta } from '../query-client';

/** For outbox tests: prayers sent through the outbox, as a page registers and sends them. */
export const prayerKey = ['prayers', 'add'] as const;
export type SendPrayer = (payload: { text: string }, idempotencyKey: string) => Promise<unknown>;

/** The client, set to send queued prayers with `send` (and announce `delivered`, if given). */
export function sendingPrayers(client: QueryClient, send: SendPrayer, delivered?: OutboxMeta['delivered']): QueryClient {
  client.setMutationDefaults(prayerKey, outboxMutationOptions(prayerKey, send, 'prayer', delivered));
  return client;
}

/** The listener presses the button: resolves with the answer, rejects if it fails. */
export function pray(client: QueryClient, text: string, idempotencyKey: string): Promise<unknown> {
  const observer = new MutationObserver<unknown, Error, OutboxVariables<{ text: string }>>(client, { mutationKey: [...prayerKey] });
  return observer.mutate({ payload: { text }, idempotencyKey });
}
