import * as v from 'valibot';
import { ROLES, type Role } from './admin-session';
import { requiredText } from './fields';

// The roles and what each may use live in ./admin-session.ts, which the shell's early script
// imports without this file's schemas.
export { ROLES, roleMayUse, type AdminArea, type Role } from './admin-session';

export const ROLE_CANNOT_MESSAGE = 'Your role cannot do this';
/** The admin key acts as an owner of this name (docs/api.md). */
export const ADMIN_KEY_ACTOR_NAME = 'admin key';
export { ADMIN_KEY_STORAGE, ADMIN_ME_PATH, ADMIN_SESSION_COOKIE, ADMIN_SESSION_HEADER } from './admin-session';
export const INVITE_EXPIRED_MESSAGE = 'This invite has expired or has already been used';
/** 409 for a change that would leave the station without an owner (docs/api.md). */
export const LAST_OWNER_MESSAGE = 'A station needs at least one owner: make someone else an owner first';
/** 403 for adding a passkey without a passkey check in the last 5 minutes (docs/api.md). */
export const PASSKEY_CHECK_MESSAGE = 'To add a passkey, first confirm it is you with a passkey you already have';

const role = v.picklist(ROLES, 'Role must be owner, editor or moderator');

export const NewInviteSchema = v.object({
  name: requiredText('Name is required', 80),
  role,
});
export type NewInvite = v.InferOutput<typeof NewInviteSchema>;

export const PersonPatchSchema = v.object({ role: v.optional(role) });

export interface Invite {
  url: string;
  expiresAt: string;
}

export interface Person {
  id: string;
  name: string;
  role: Role;
  createdAt: string;
  lastSignInAt: string | null;
  passkeys: number;
}

/** One of a person's passkeys, as /admin/people lists them. */
export interface PersonPasskey {
  /** The credential id, base64url. */
  id: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface AdminMe {
  name: string;
  role: Role;
  via: 'passkey' | 'key';
  /** The person's id; null for the admin key. */
  id: string | null;
}

export interface ActivityEntry {
  at: string;
  actor: { id: string | null; name: string };
  action: string;
  target: { type: string; id: string };
  summary: string;
}

/** What /admin/join shows before the passkey is made. */
export interface InvitePreview {
  name: string;
  role: Role;
  expiresAt: string;
}

/** An invite's token, sent in a body (never in a URL a log would keep). */
export const InviteTokenSchema = v.object({ token: v.pipe(v.string('token is required'), v.minLength(1, 'token is required'), v.maxLength(200)) });

/** The browser's answer to a WebAuthn ceremony, with the ceremony it answers. */
export const PasskeyAnswerSchema = v.object({
  ceremonyId: v.pipe(v.string('ceremonyId is required'), v.maxLength(64)),
  response: v.looseObject({ id: v.pipe(v.string('response.id is required'), v.maxLength(1400)) }, 'response is required'),
});
