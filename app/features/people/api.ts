import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActivityEntry, AdminMe, Invite, InvitePreview, NewInvite, Person, Role } from '../../../domain/people';
import { setSignedIn } from '../../lib/admin-access';
import { ADMIN_FRESH, ADMIN_QUERY_ROOT, adminApi, adminApiResponse } from '../../lib/admin-api';
import { api, ApiError } from '../../lib/api-client';

// docs/api.md, "Admins who are people": people, invites, sessions and the passkey ceremonies.
export const peoplePaths = {
  me: '/api/admin/me',
  signOut: '/api/admin/sign-out',
  invites: '/api/admin/invites',
  invitePreview: '/api/admin/invites/preview',
  people: '/api/admin/people',
  person: (id: string) => `/api/admin/people/${encodeURIComponent(id)}`,
  registerOptions: '/api/admin/passkeys/register/options',
  registerVerify: '/api/admin/passkeys/register/verify',
  signInOptions: '/api/admin/passkeys/sign-in/options',
  signInVerify: '/api/admin/passkeys/sign-in/verify',
} as const;

/** People are not per tenant: one key for the list, under the admin root the persister leaves out. */
export const peopleKeys = {
  all: [ADMIN_QUERY_ROOT, 'people'] as const,
};

export const peopleQuery = () =>
  queryOptions({
    queryKey: peopleKeys.all,
    queryFn: ({ signal }) => adminApi<Person[]>(peoplePaths.people, { signal }),
    ...ADMIN_FRESH,
  });

/** Who the session cookie (if any) belongs to; null when there is no open session. */
export async function fetchSignedIn(): Promise<AdminMe | null> {
  try {
    return await api<AdminMe>(peoplePaths.me, { adminSession: true });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

interface CeremonyOptions<O> {
  ceremonyId: string;
  options: O;
  invite?: InvitePreview;
}

/** The browser half of WebAuthn, loaded only when a passkey is used (admin pages only). */
const webauthn = () => import('@simplewebauthn/browser');

/** 'Sign in with a passkey': the phone offers the person's passkey; a session opens. */
export async function signInWithPasskey(): Promise<AdminMe> {
  const { startAuthentication } = await webauthn();
  const { ceremonyId, options } = await api<CeremonyOptions<Parameters<typeof startAuthentication>[0]['optionsJSON']>>(peoplePaths.signInOptions, { method: 'POST' });
  const response = await startAuthentication({ optionsJSON: options });
  const me = await api<AdminMe>(peoplePaths.signInVerify, { method: 'POST', body: { ceremonyId, response } });
  setSignedIn(me);
  return me;
}

export const previewInvite = (token: string) => api<InvitePreview>(peoplePaths.invitePreview, { method: 'POST', body: { token } });

/** 'Create passkey' on /admin/join: the invite is used up and the new person signed in. */
export async function joinWithPasskey(token: string): Promise<AdminMe> {
  const { startRegistration } = await webauthn();
  const { ceremonyId, options } = await api<CeremonyOptions<Parameters<typeof startRegistration>[0]['optionsJSON']>>(peoplePaths.registerOptions, { method: 'POST', body: { token } });
  const response = await startRegistration({ optionsJSON: options });
  const me = await api<AdminMe>(peoplePaths.registerVerify, { method: 'POST', body: { ceremonyId, response } });
  setSignedIn({ id: me.id, name: me.name, role: me.role, via: 'passkey' });
  return me;
}

/** Another passkey for the signed-in person (a second phone, a laptop). */
export async function addPasskey(): Promise<number> {
  const { startRegistration } = await webauthn();
  const { ceremonyId, options } = await api<CeremonyOptions<Parameters<typeof startRegistration>[0]['optionsJSON']>>(peoplePaths.registerOptions, { method: 'POST', adminSession: true });
  const response = await startRegistration({ optionsJSON: options });
  return (await api<{ passkeys: number }>(peoplePaths.registerVerify, { method: 'POST', body: { ceremonyId, response }, adminSession: true })).passkeys;
}

export async function signOut(): Promise<void> {
  try {
    await api<void>(peoplePaths.signOut, { method: 'POST', adminSession: true });
  } finally {
    setSignedIn(null);
  }
}

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewInvite) => adminApi<Invite>(peoplePaths.invites, { method: 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
  });
}

export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) => adminApi<Person>(peoplePaths.person(id), { method: 'PATCH', body: { role } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
  });
}

export function useRemovePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminApi<void>(peoplePaths.person(id), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
  });
}

// docs/api.md, "Admins who are people": GET /api/admin/activity, newest first, paged by Link.
export const activityPaths = {
  list: (person: string | undefined, limit: number) => `/api/admin/activity?limit=${limit}${person ? `&person=${encodeURIComponent(person)}` : ''}`,
} as const;

export const activityKeys = {
  all: [ADMIN_QUERY_ROOT, 'activity'] as const,
  of: (person: string | undefined) => [ADMIN_QUERY_ROOT, 'activity', person ?? 'everyone'] as const,
};

export const ACTIVITY_PAGE = 25;

/** The pages of the log, each with the next page's URL from its Link header. */
export const activityQuery = (person: string | undefined) =>
  infiniteQueryOptions({
    queryKey: activityKeys.of(person),
    initialPageParam: activityPaths.list(person, ACTIVITY_PAGE),
    queryFn: async ({ pageParam, signal }) => {
      const { data, headers } = await adminApiResponse<ActivityEntry[]>(pageParam, { signal });
      const next = /<([^>]+)>;\s*rel="next"/.exec(headers.get('Link') ?? '')?.[1] ?? null;
      return { entries: data, next };
    },
    getNextPageParam: (last) => last.next ?? undefined,
    ...ADMIN_FRESH,
  });
