import { Link, Outlet, useMatches } from '@tanstack/react-router';
import { useState, type FormEvent, type ReactNode } from 'react';
import { checkAdminKey } from '../api/settings';
import { ApiError } from '../lib/api-client';
import { setAdminKey, useAdminKey } from '../lib/admin-key';
import { useToast } from './toasts';

export interface AdminGateProps {
  /** The page's own button, e.g. 'Access Settings'. */
  buttonLabel: string;
  /** The success toast's description, e.g. 'You can now manage settings.' */
  successDescription: string;
  children: ReactNode;
}

/**
 * The admin pages, in the menu's order, each with its menu label and its own gate: the
 * button and the success toast's description (docs/product.md#screens, docs/product.md#messages for the first four).
 */
export const ADMIN_PAGES = [
  { to: '/admin/dashboard', label: 'Dashboard', buttonLabel: 'Access Dashboard', successDescription: 'Welcome to the admin dashboard.' },
  { to: '/admin/moderation', label: 'Moderation', buttonLabel: 'Access Moderation', successDescription: 'You can now moderate content.' },
  { to: '/admin/settings', label: 'Settings', buttonLabel: 'Access Settings', successDescription: 'You can now manage settings.' },
  { to: '/admin/ads', label: 'Ads', buttonLabel: 'Access Advertisement Settings', successDescription: 'You can now manage advertisement settings.' },
  { to: '/admin/schedule', label: 'Schedule', buttonLabel: 'Access Schedule', successDescription: 'You can now manage the schedule.' },
  { to: '/admin/events', label: 'Events', buttonLabel: 'Access Events', successDescription: 'You can now manage events.' },
  { to: '/admin/sponsors', label: 'Sponsors', buttonLabel: 'Access Sponsors', successDescription: 'You can now manage sponsors.' },
  { to: '/admin/episodes', label: 'Episodes', buttonLabel: 'Access Episodes', successDescription: 'You can now manage episodes.' },
] as const;

/**
 * The layout of every /admin/* page: the key gate and the admin menu, once. The gate speaks
 * for the page being opened. The pages have no loaders: their data needs the admin key,
 * which only the unlocked layout has.
 */
export function AdminLayout() {
  const routeId = useMatches({ select: (matches) => matches.at(-1)?.routeId });
  const page = ADMIN_PAGES.find((p) => p.to === routeId) ?? ADMIN_PAGES[0];
  return (
    <AdminGate buttonLabel={page.buttonLabel} successDescription={page.successDescription}>
      <Outlet />
    </AdminGate>
  );
}

/** 'Admin Authentication': locked until GET /api/settings accepts the key (docs/product.md#screens, docs/product.md#states-and-transitions). */
export function AdminGate({ buttonLabel, successDescription, children }: AdminGateProps) {
  const key = useAdminKey();
  const { toast } = useToast();
  const [value, setValue] = useState('');
  const [checking, setChecking] = useState(false);

  if (key) {
    return (
      <div className="admin-page">
        <AdminMenu />
        {children}
      </div>
    );
  }

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
      </article>
    </section>
  );
}

export function AdminMenu() {
  return (
    <nav className="admin-menu" aria-label="Admin">
      <ul>
        {ADMIN_PAGES.map((p) => (
          <li key={p.to}>
            <Link to={p.to} activeProps={{ 'aria-current': 'page' }}>
              {p.label}
            </Link>
          </li>
        ))}
        <li>
          <button type="button" className="outline secondary" onClick={() => setAdminKey(null)}>
            Lock
          </button>
        </li>
      </ul>
    </nav>
  );
}
