import { Link, Outlet, useMatches } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { roleMayUse, ROLE_CANNOT_MESSAGE, type AdminArea, type Role } from '../../../../domain/people';
import { signInWithPasskey, signOut } from '../api';
import { askForSession, sessionAnswered } from './admin-session';
import { checkAdminKey } from '../../settings/api';
import { useAdminAccess } from '../../../lib/admin-access';
import { ApiError } from '../../../lib/api-client';
import { setAdminKey } from '../../../lib/admin-key';
import { useToast } from '../../../components/toasts';
import './admin-layout.scss';

export interface AdminGateProps {
  /** The page's own button, e.g. 'Access Settings'. */
  buttonLabel: string;
  /** What the page belongs to: a role that may not use it sees why instead (docs/api.md, "Admins who are people"). */
  area: AdminArea;
  /** The success toast's description, e.g. 'You can now manage settings.' */
  successDescription: string;
  children: ReactNode;
}

/**
 * The admin pages, in the menu's order, each with its menu label, its own gate (the button
 * and the success toast's description: docs/product.md#screens, docs/product.md#messages for
 * the first four) and the area whose roles may use it (a moderator: moderation and the
 * dashboard; an editor: the content; an owner: all).
 */
export const ADMIN_PAGES = [
  { to: '/admin/dashboard', label: 'Dashboard', area: 'moderation', buttonLabel: 'Access Dashboard', successDescription: 'Welcome to the admin dashboard.' },
  { to: '/admin/moderation', label: 'Moderation', area: 'moderation', buttonLabel: 'Access Moderation', successDescription: 'You can now moderate content.' },
  { to: '/admin/requests', label: 'Requests', area: 'moderation', buttonLabel: 'Access Requests', successDescription: 'You can now work through song requests.' },
  { to: '/admin/settings', label: 'Settings', area: 'owner', buttonLabel: 'Access Settings', successDescription: 'You can now manage settings.' },
  { to: '/admin/ads', label: 'Ads', area: 'content', buttonLabel: 'Access Advertisement Settings', successDescription: 'You can now manage advertisement settings.' },
  { to: '/admin/schedule', label: 'Schedule', area: 'content', buttonLabel: 'Access Schedule', successDescription: 'You can now manage the schedule.' },
  { to: '/admin/events', label: 'Events', area: 'content', buttonLabel: 'Access Events', successDescription: 'You can now manage events.' },
  { to: '/admin/sponsors', label: 'Sponsors', area: 'content', buttonLabel: 'Access Sponsors', successDescription: 'You can now manage sponsors.' },
  { to: '/admin/episodes', label: 'Episodes', area: 'content', buttonLabel: 'Access Episodes', successDescription: 'You can now manage episodes.' },
  { to: '/admin/audience', label: 'Audience', area: 'content', buttonLabel: 'Access Audience', successDescription: 'You can now see who listens.' },
  { to: '/admin/people', label: 'People', area: 'owner', buttonLabel: 'Access People', successDescription: 'You can now manage people.' },
  { to: '/admin/activity', label: 'Activity', area: 'owner', buttonLabel: 'Access Activity', successDescription: 'You can now see who did what.' },
] as const satisfies readonly { to: string; label: string; area: AdminArea; buttonLabel: string; successDescription: string }[];

/** /admin/join is for someone not signed in yet: no gate, no menu. */
const JOIN_ROUTE = '/admin/join';

/**
 * The layout of every /admin/* page: the key gate and the admin menu, once. The gate speaks
 * for the page being opened. Who may use it is asked by the layout's loader, before the first
 * render (admin-session.ts); a page's own loader may then ask for its data (the moderation
 * queues), for someone who may use the page.
 */
export function AdminLayout() {
  const routeId = useMatches({ select: (matches) => matches.at(-1)?.routeId });
  if (routeId === JOIN_ROUTE) return <Outlet />;
  const page = ADMIN_PAGES.find((p) => p.to === routeId) ?? ADMIN_PAGES[0];
  return (
    <AdminGate buttonLabel={page.buttonLabel} area={page.area} successDescription={page.successDescription}>
      <Outlet />
    </AdminGate>
  );
}

/**
 * 'Admin Authentication': the admin key (locked until GET /api/settings accepts it: docs/product.md#screens,
 * docs/product.md#states-and-transitions) or 'Sign in with a passkey' (docs/api.md, "Admins who are people").
 */
export function AdminGate({ buttonLabel, area, successDescription, children }: AdminGateProps) {
  const access = useAdminAccess();
  const { toast } = useToast();
  const [value, setValue] = useState('');
  const [checking, setChecking] = useState(false);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [askedSession, setAskedSession] = useState(sessionAnswered);

  useEffect(() => {
    if (access) return;
    let live = true;
    void askForSession().finally(() => live && setAskedSession(true));
    return () => {
      live = false;
    };
  }, [access]);

  if (access) {
    return (
      <div className="admin-page">
        <AdminMenu />
        {roleMayUse(access.role, area) ? (
          children
        ) : (
          <RoleCannot role={access.role} />
        )}
      </div>
    );
  }

  if (!askedSession) {
    return (
      <section className="admin-gate" aria-busy="true">
        <p className="muted">Loading…</p>
      </section>
    );
  }

  const passkey = async () => {
    setPasskeyBusy(true);
    try {
      await signInWithPasskey();
      toast({ title: 'Authentication Successful', description: successDescription });
    } catch (err) {
      // The person closing the phone's prompt is not a failure worth a red toast.
      if (err instanceof Error && err.name === 'NotAllowedError') return;
      toast({ title: 'Authentication Failed', description: err instanceof Error ? err.message : 'Please try again.', variant: 'destructive' });
    } finally {
      setPasskeyBusy(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const candidate = value.trim();
    if (!candidate) return;
    setChecking(true);
    try {
      // The key check is a read call; any non-success answer counts as invalid.
      await checkAdminKey(candidate);
      setAdminKey(candidate);
      toast({ title: 'Authentication Successful', description: successDescription });
    } catch (err) {
      const locked = err instanceof ApiError && err.status === 429;
      toast({
        title: 'Authentication Failed',
        description: locked ? err.message : 'Invalid admin key. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setChecking(false);
    }
  };

  return (
    <section className="admin-gate">
      <article>
        <h1>Admin Authentication</h1>
        <form onSubmit={submit}>
          <label htmlFor="admin-key">Admin key</label>
          <input
            id="admin-key"
            type="password"
            autoComplete="current-password"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            required
          />
          <button type="submit" disabled={!value.trim() || checking} aria-busy={checking}>
            {buttonLabel}
          </button>
        </form>
        <hr />
        <button type="button" className="secondary admin-passkey" onClick={() => void passkey()} disabled={passkeyBusy} aria-busy={passkeyBusy}>
          Sign in with a passkey
        </button>
      </article>
    </section>
  );
}

/** A page the role may not use: why, and the way to the first page it may. */
function RoleCannot({ role }: { role: Role }) {
  const first = ADMIN_PAGES.find((p) => roleMayUse(role, p.area));
  return (
    <section className="error-state" role="alert">
      <p>{ROLE_CANNOT_MESSAGE}</p>
      {first && (
        <p>
          <Link to={first.to}>Go to {first.label}</Link>
        </p>
      )}
    </section>
  );
}

/** The tabs the role may use, who is signed in, and Lock (the key) or Sign out (a session). */
export function AdminMenu() {
  const access = useAdminAccess();
  const role = access?.role ?? 'moderator';
  return (
    <nav className="admin-menu" aria-label="Admin">
      <ul>
        {ADMIN_PAGES.filter((p) => roleMayUse(role, p.area)).map((p) => (
          <li key={p.to}>
            <Link to={p.to} activeProps={{ 'aria-current': 'page' }}>
              {p.label}
            </Link>
          </li>
        ))}
        <li className="admin-who muted">
          {access?.name} · {role}
        </li>
        <li>
          {access?.via === 'passkey' ? (
            <button type="button" className="outline secondary" onClick={() => void signOut()}>
              Sign out
            </button>
          ) : (
            <button type="button" className="outline secondary" onClick={() => setAdminKey(null)}>
              Lock
            </button>
          )}
        </li>
      </ul>
    </nav>
  );
}
