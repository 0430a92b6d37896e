import { useMutation, type MutationOptions, type QueryClient } from '@tanstack/react-query';
import type { NewSponsorInput, Sponsor, SponsorPatch } from '../../../domain/sponsors';
import type { Tenant } from '../../../domain/tenants';
import { outboxMutationOptions, type OutboxVariables } from '../../lib/offline/outbox';
import {
  adminDelete,
  adminPatch,
  adminQuery,
  invalidateAdminAndPublic,
  postNew,
  publicQuery,
  resourcePaths,
  tenantResourceKeys,
  useAdminWrite,
} from '../../lib/resource-queries';
import { currentTenant } from '../../lib/tenant';

/** What a visitor receives: never the notes, and a tier that may be anything. */
export type PublicSponsor = Omit<Sponsor, 'notes' | 'tier'> & { tier: string };

/** What the server answers a visitor's application: the stored application without its notes. */
export type PublicSponsorApplication = Omit<Sponsor, 'notes'>;

export const sponsorsPaths = resourcePaths('/api/sponsors');

// Sponsors are scoped per tenant, so every key carries it. The admin list sits under
// adminKeyRoot() so the offline persister leaves it out: its notes hold applicants'
// contact details.
export const sponsorKeys = {
  ...tenantResourceKeys('sponsors'),
  active: (tenant: Tenant) => ['sponsors', tenant, 'active'] as const,
  /** Mutation key: the outbox finds a queued application's sender by it after a restart. */
  apply: ['sponsors', 'apply'] as const,
};

export const activeSponsorsQuery = () => publicQuery<PublicSponsor[]>(sponsorKeys.active(currentTenant()), sponsorsPaths.list);

/** Every sponsor of the tenant, applications (inactive) included, with notes (admin). */
export const adminSponsorsQuery = () => adminQuery<Sponsor[]>(sponsorKeys.admin(), sponsorsPaths.list);

export const APPLICATION_SUBMITTED = {
  title: 'Sponsorship Application Submitted!',
  description: 'Thank you for your interest. Our team will contact you within 2-3 business days.',
} as const;

/**
 * Through the outbox: an application made offline waits and is delivered once.
 * No invalidation: applications are stored inactive, so the public list cannot change.
 */
export const submitApplicationOptions = () =>
  outboxMutationOptions<PublicSponsorApplication, NewSponsorInput>(sponsorKeys.apply, postNew(sponsorsPaths.list), 'sponsor application', APPLICATION_SUBMITTED);

export const useSubmitSponsorApplication = () => useMutation(submitApplicationOptions());

/**
 * Functions are not persisted: an application queued offline and restored after the app
 * restarts finds its sender here. Call before the persisted cache is restored.
 */
export function registerSponsorsOutbox(queryClient: QueryClient): void {
  queryClient.setMutationDefaults(sponsorKeys.apply, submitApplicationOptions());
}

/** An admin write changes the public sponsors page as well as the admin list. */
const invalidateSponsors = (queryClient: QueryClient) => invalidateAdminAndPublic(queryClient, sponsorKeys.admin(), sponsorKeys.all);

/** PATCH /api/sponsors/{id}: activate or deactivate, tier, name, logo and link. */
export const useUpdateSponsor = () =>
  useAdminWrite(({ id, patch }: { id: string; patch: SponsorPatch }) => adminPatch<Sponsor>(sponsorsPaths, id, patch), invalidateSponsors);

/** DELETE /api/sponsors/{id}. */
export const useDeleteSponsor = () => useAdminWrite((id: string) => adminDelete(sponsorsPaths, id), invalidateSponsors);
