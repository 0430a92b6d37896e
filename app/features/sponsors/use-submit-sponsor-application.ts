import { useMutation, type MutationOptions } from '@tanstack/react-query';
import type { NewSponsorInput, Sponsor } from '../../../domain/sponsors';
import { api } from '../../lib/api-client';
import { outboxMutationOptions, type OutboxVariables } from '../../lib/offline/outbox';
import { sponsorKeys } from './sponsors.queries';

export const APPLICATION_SUBMITTED = {
  title: 'Sponsorship Application Submitted!',
  description: 'Thank you for your interest. Our team will contact you within 2-3 business days.',
} as const;

/** What the server answers a visitor: the stored application without its notes. */
export type PublicSponsorApplication = Omit<Sponsor, 'notes'>;

const sendApplication = (application: NewSponsorInput, idempotencyKey: string) =>
  api<PublicSponsorApplication>('/api/sponsors', { method: 'POST', body: application, idempotencyKey });

/**
 * Through the outbox: an application made offline waits and is delivered once (product.md).
 * No invalidation: applications are stored inactive, so the public list cannot change.
 */
export function submitApplicationOptions(): MutationOptions<PublicSponsorApplication, Error, OutboxVariables<NewSponsorInput>> {
  const base = outboxMutationOptions(sponsorKeys.apply, sendApplication, 'sponsor application');
  return { ...base, meta: { ...base.meta, delivered: APPLICATION_SUBMITTED } };
}

export function useSubmitSponsorApplication() {
  return useMutation(submitApplicationOptions());
}
