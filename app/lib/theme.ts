import { useCallback, useSyncExternalStore } from 'react';
import { TENANT_THEME_COLORS } from '../../domain/manifest';
import type { Tenant } from '../../domain/tenants';
import { createListeners } from './listeners';

export const THEME_KEY = 'theme';
export type Theme = 'light' | 'dark';

/**
 * The listener's saved choice, or null to follow the system (prefers-color-scheme). Without
 * a choice the page carries no data-theme and the stylesheet's media query decides, so
 * index.html's shell is already in the right scheme before any script runs.
 */
export function savedTheme(stored: string | null): Theme | null {
  return stored === 'light' || stored === 'dark' ? stored : null;
}

const darkQuery = () => (typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null);

function readSaved(): Theme | null {
  try {
    return savedTheme(localStorage.getItem(THEME_KEY));
  } catch {
    return null;
  }
}

let saved: Theme | null | undefined;
const listeners = createListeners();
const effective = (): Theme => (saved ??= readSaved()) ?? (darkQuery()?.matches ? 'dark' : 'light');

function apply(): void {
  const choice = (saved ??= readSaved());
  if (choice) document.documentElement.dataset.theme = choice;
  else delete document.documentElement.dataset.theme;
}

export function setTheme(theme: Theme): void {
  // Choosing what the system already gives drops the override, so the page follows it again.
  const system: Theme = darkQuery()?.matches ? 'dark' : 'light';
  saved = theme === system ? null : theme;
  try {
    if (saved) localStorage.setItem(THEME_KEY, saved);
    else localStorage.removeItem(THEME_KEY);
  } catch {
    // private mode: the choice lasts for this visit
  }
  apply();
  listeners.notify();
}

const subscribe = (l: () => void) => {
  const unsubscribe = listeners.subscribe(l);
  const query = darkQuery();
  query?.addEventListener('change', l);
  return () => {
    unsubscribe();
    query?.removeEventListener('change', l);
  };
};

/** The theme in effect (the saved choice, else the system's) and a setter. */
export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(subscribe, effective, () => 'light' as Theme);
  return [theme, useCallback(setTheme, [])];
}

/**
 * Paints the page for its tenant before the first render: the tenant's colours hang off
 * html[data-tenant] (styles.css), the browser's bar takes its theme colour, and a saved
 * theme choice applies.
 */
export function applyTenantLook(tenant: Tenant): void {
  const root = document.documentElement;
  root.dataset.tenant = tenant;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', TENANT_THEME_COLORS[tenant]);
  apply();
}
