import { useMutation } from '@tanstack/react-query';
import type { Prayer } from '../../../domain/prayers';
import { api } from '../../lib/api-client';

/** POST /api/prayers: nameOptional is left out entirely when the visitor gave no name. */
export interface PrayerSubmission {
  text: string;
  nameOptional?: string;
}

export interface SubmitPrayerVariables {
  prayer: PrayerSubmission;
  /** Made when the visitor presses submit, so a retried delivery creates one prayer. */
  idempotencyKey: string;
}

export function prayerSubmission(text: string, name: string | null): PrayerSubmission {
  return name ? { text, nameOptional: name } : { text };
}

// No invalidation: a new prayer waits for review, so the approved list cannot change yet.
export function useSubmitPrayer() {
  return useMutation({
    mutationFn: ({ prayer, idempotencyKey }: SubmitPrayerVariables) =>
      api<Prayer>('/api/prayers', { method: 'POST', body: prayer, idempotencyKey }),
  });
}
