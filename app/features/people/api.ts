import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ME_PATH, PASSKEY_CHECK_MESSAGE, type ActivityEntry, type AdminMe, type Invite, type InvitePreview, type NewInvite, type Person, type PersonPasskey, type Role } from '../../../domain/people';
import { getSignedIn, setSignedIn } from '../../lib/admin-access';
import { ADMIN_FRESH, ADMIN_QUERY_ROOT, adminApi, adminApiResponse } from '../../lib/admin-api';
import { api, ApiError } from '../../lib/api-client';

// docs/api.md, "Admins who are people": people, invites, sessions and the passkey ceremonies.
export const peoplePaths = {
  me: ADMIN_ME_PATH,
  signOut: '/api/admin/sign-out',
  invites: '/api/admin/invites',
  invitePreview: '/api/admin/invites/preview',
  people: '/api/admin/people',
  person: (id: string) => `/api/admin/people/${encodeURIComponent(id)}`,
  personPasskeys: (id: string) => `/api/admin/people/${encodeURIComponent(id)}/passkeys`,
  personPasskey: (id: string, passkeyId: string) => `/api/admin/people/${encodeURIComponent(id)}/passkeys/${encodeURIComponent(passkeyId)}`,
  personSignOut: (id: string) => `/api/admin/people/${encodeURIComponent(id)}/sign-out`,
  registerOptions: '/api/admin/passkeys/register/options',
  registerVerify: '/api/admin/passkeys/register/verify',
  signInOptions: '/api/admin/passkeys/sign-in/options',
  signInVerify: '/api/admin/passkeys/sign-in/verify',
} as const;

/** People are not per tenant: one key for the list, under the admin root the persister leaves out. */
export const peopleKeys = {
  all: [ADMIN_QUERY_ROOT, 'people'] as const,
  passkeys: (id: string) => [ADMIN_QUERY_ROOT, 'people', id, 'passkeys'] as const,
};

export const peopleQuery = () =>
  queryOptions({
    queryKey: peopleKeys.all,
    queryFn: ({ signal }) => adminApi<Person[]>(peoplePaths.people, { signal }),
    ...ADMIN_FRESH,
  });

/** A person's passkeys, for an owner on /admin/people. */
export const personPasskeysQuery = (id: string) =>
  queryOptions({
    queryKey: peopleKeys.passkeys(id),
    queryFn: ({ signal }) => adminApi<PersonPasskey[]>(peoplePaths.personPasskeys(id), { signal }),
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

/**
 * 'Sign in with a passkey': the phone offers the person's passkey; a session opens. As the
 * passkey check before adding a passkey (`replacing`), the new session takes the place of
 * the one the browser holds (docs/api.md, "Admins who are people").
 */
export async function signInWithPasskey(replacing = false): Promise<AdminMe> {
  const { startAuthentication } = await webauthn();
  const { ceremonyId, options } = await api<CeremonyOptions<Parameters<typeof startAuthentication>[0]['optionsJSON']>>(peoplePaths.signInOptions, { method: 'POST' });
  const response = await startAuthentication({ optionsJSON: options });
  const me = await api<AdminMe>(peoplePaths.signInVerify, { method: 'POST', body: { ceremonyId, response }, adminSession: replacing });
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

/** True when adding a passkey waits for a passkey check (none on this session in the last 5 minutes). */
export const needsPasskeyCheck = (err: unknown): boolean => err instanceof ApiError && err.status === 403 && err.message === PASSKEY_CHECK_MESSAGE;

/** Another passkey for the signed-in person (a second phone, a laptop); see needsPasskeyCheck(). */
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

export function useRemovePasskey(personId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (passkeyId: string) => adminApi<void>(peoplePaths.personPasskey(personId, passkeyId), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
  });
}

/** 'Sign out everywhere': every session of the person ends; one's own too, and then the gate shows. */
export function useSignOutEverywhere() {
  return useMutation({
    mutationFn: (id: string) => adminApi<void>(peoplePaths.personSignOut(id), { method: 'POST' }),
    onSuccess: (_done, id) => {
      if (getSignedIn()?.id === id) setSignedIn(null);
    },
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
