import { useMutation, type MutationOptions } from '@tanstack/react-query';
import type { Prayer } from '../../../domain/prayers';
import { api } from '../../lib/api-client';
import { outboxMutationOptions, type OutboxVariables } from '../../lib/offline/outbox';
import { prayerKeys } from './community.queries';

/** POST /api/prayers: nameOptional is left out entirely when the visitor gave no name. */
export interface PrayerSubmission {
  text: string;
  nameOptional?: string;
}

export function prayerSubmission(text: string, name: string | null): PrayerSubmission {
  return name ? { text, nameOptional: name } : { text };
}

export const PRAYER_SUBMITTED = {
  title: 'Prayer Submitted',
  description: 'Your prayer request has been submitted for review.',
} as const;

const sendPrayer = (prayer: PrayerSubmission, idempotencyKey: string) =>
  api<Prayer>('/api/prayers', { method: 'POST', body: prayer, idempotencyKey });

/**
 * Through the outbox: offline, the prayer waits and is delivered once when the connection
 * returns (product.md), announced with the same toast even if the visitor left the page.
 * No invalidation: a new prayer waits for review, so the approved list cannot change yet.
 */
export function submitPrayerOptions(): MutationOptions<Prayer, Error, OutboxVariables<PrayerSubmission>> {
  const base = outboxMutationOptions(prayerKeys.submit, sendPrayer, 'prayer');
  return { ...base, meta: { ...base.meta, delivered: PRAYER_SUBMITTED } };
}

export function useSubmitPrayer() {
  return useMutation(submitPrayerOptions());
}
