import { useMutation } from '@tanstack/react-query';
import type { NewSponsorInput, Sponsor } from '../../../domain/sponsors';
import { api } from '../../lib/api-client';

export interface SubmitApplicationVariables {
  application: NewSponsorInput;
  /** Made when the visitor presses submit, so a retried delivery creates one application. */
  idempotencyKey: string;
}

// No invalidation: applications are stored inactive, so the public list cannot change.
export function useSubmitSponsorApplication() {
  return useMutation({
    mutationFn: ({ application, idempotencyKey }: SubmitApplicationVariables) =>
      api<Omit<Sponsor, 'notes'>>('/api/sponsors', { method: 'POST', body: application, idempotencyKey }),
  });
}
