import { queryOptions, useMutation, useQueryClient, type MutationOptions, type QueryClient } from '@tanstack/react-query';
import type { NewSponsorInput, Sponsor, SponsorPatch } from '../../domain/sponsors';
import type { Tenant } from '../../domain/tenants';
import { ADMIN_FRESH, adminApi, adminKeyRoot } from '../lib/admin-api';
import { api } from '../lib/api-client';
import { outboxMutationOptions, type OutboxVariables } from '../lib/offline/outbox';
import { currentTenant } from '../lib/tenant';
import { PUBLIC_LIST_STALE_MS } from '../query-client';

/** What a visitor receives: never the notes, and a tier that may be anything. */
export type PublicSponsor = Omit<Sponsor, 'notes' | 'tier'> & { tier: string };

/** What the server answers a visitor's application: the stored application without its notes. */
export type PublicSponsorApplication = Omit<Sponsor, 'notes'>;

export const sponsorsPaths = {
  list: '/api/sponsors',
  one: (id: string) => `/api/sponsors/${encodeURIComponent(id)}`,
} as const;

// Sponsors are scoped per tenant, so every key carries it. The admin list sits under
// adminKeyRoot() so the offline persister leaves it out: its notes hold applicants'
// contact details.
export const sponsorKeys = {
  all: ['sponsors'] as const,
  tenant: (tenant: Tenant) => ['sponsors', tenant] as const,
  active: (tenant: Tenant) => ['sponsors', tenant, 'active'] as const,
  admin: () => [...adminKeyRoot(), 'sponsors'] as const,
  /** Mutation key: the outbox finds a queued application's sender by it after a restart. */
  apply: ['sponsors', 'apply'] as const,
};

export const activeSponsorsQuery = () =>
  queryOptions({
    queryKey: sponsorKeys.active(currentTenant()),
    queryFn: ({ signal }) => api<PublicSponsor[]>(sponsorsPaths.list, { signal }),
    staleTime: PUBLIC_LIST_STALE_MS,
  });

/** Every sponsor of the tenant, applications (inactive) included, with notes (admin). */
export const adminSponsorsQuery = () =>
  queryOptions({
    queryKey: sponsorKeys.admin(),
    queryFn: ({ signal }) => adminApi<Sponsor[]>(sponsorsPaths.list, { signal }),
    ...ADMIN_FRESH,
  });

export const APPLICATION_SUBMITTED = {
  title: 'Sponsorship Application Submitted!',
  description: 'Thank you for your interest. Our team will contact you within 2-3 business days.',
} as const;

const sendApplication = (application: NewSponsorInput, idempotencyKey: string) =>
  api<PublicSponsorApplication>(sponsorsPaths.list, { method: 'POST', body: application, idempotencyKey });

/**
 * Through the outbox: an application made offline waits and is delivered once.
 * No invalidation: applications are stored inactive, so the public list cannot change.
 */
export function submitApplicationOptions(): MutationOptions<PublicSponsorApplication, Error, OutboxVariables<NewSponsorInput>> {
  const base = outboxMutationOptions(sponsorKeys.apply, sendApplication, 'sponsor application');
  return { ...base, meta: { ...base.meta, delivered: APPLICATION_SUBMITTED } };
}

export function useSubmitSponsorApplication() {
  return useMutation(submitApplicationOptions());
}

/**
 * Functions are not persisted: an application queued offline and restored after the app
 * restarts finds its sender here. Call before the persisted cache is restored.
 */
export function registerSponsorsOutbox(queryClient: QueryClient): void {
  queryClient.setMutationDefaults(sponsorKeys.apply, submitApplicationOptions());
}

/** An admin write changes the public sponsors page as well as the admin list. */
const invalidateSponsors = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: sponsorKeys.admin() }),
    queryClient.invalidateQueries({ queryKey: sponsorKeys.all }),
  ]);

/** PATCH /api/sponsors/{id}: activate or deactivate, tier, name, logo and link. */
export function useUpdateSponsor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: SponsorPatch }) =>
      adminApi<Sponsor>(sponsorsPaths.one(id), { method: 'PATCH', body: patch }),
    onSuccess: () => invalidateSponsors(queryClient),
  });
}

/** DELETE /api/sponsors/{id}. */
export function useDeleteSponsor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminApi<void>(sponsorsPaths.one(id), { method: 'DELETE' }),
    onSuccess: () => invalidateSponsors(queryClient),
  });
}
