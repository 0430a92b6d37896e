import { Link, useRouterState } from '@tanstack/react-router';
import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { useSettings } from './features/settings/api';
import { currentTenant } from './lib/tenant';
import { applyTenantLook } from './lib/theme';
import { useDeferredMount } from './lib/use-deferred-mount';
import { usePageDrawn } from './lib/page-drawing';
import { AdSlot } from './features/ads/ad-slot';
import { BrandLogo } from './components/brand-logo';
import { ConnectionStatus } from './components/connection-status';
import { InstallApp } from './components/install-app';
import { NowPlayingBar } from './features/radio/now-playing-bar';
import { SUPPORTS_COMMANDS, TenantSwitch } from './components/tenant-switch';
import { UpdatePrompt } from './components/update-prompt';

// The tenant's colours and theme colour, and a saved theme, before the first render.
if (typeof document !== 'undefined') applyTenantLook(currentTenant());

/** docs/product.md#screens: navigation links in this order (Listen Again after the nine). */
export const NAV_LINKS = [
  { to: '/artists', label: 'Artists' },
  { to: '/', label: 'Radio' },
  { to: '/watch', label: 'Watch' },
  { to: '/schedule', label: 'Schedule' },
  { to: '/country', label: 'Country' },
  { to: '/community', label: 'Community' },
  { to: '/shop', label: 'Shop' },
  { to: '/sponsors', label: 'Sponsors' },
  { to: '/give', label: 'Give' },
  // docs/product.md "Settled in round three": Listen Again follows spec.md's nine.
  { to: '/episodes', label: 'Listen Again' },
] as const;

function NavList({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <ul className="nav-links">
      {NAV_LINKS.map((l) => (
        <li key={l.to}>
          <Link to={l.to} activeOptions={{ exact: l.to === '/' }} activeProps={{ 'aria-current': 'page' }} onClick={onNavigate}>
            {l.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * A button that opens or closes the menu drawer: by the browser's own invoker commands where it
 * has them (no script needed), else by its click.
 */
function DrawerButton({ command, fallback, ...props }: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'onClick'> & { command: 'show-modal' | 'close'; fallback: () => void }) {
  return <button type="button" {...props} command={command} commandfor="nav-drawer" onClick={() => !SUPPORTS_COMMANDS && fallback()} />;
}

export function Layout({ children }: { children: ReactNode }) {
  const tenant = currentTenant();
  const settings = useSettings();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The closed menu's contents come in a second, background render; the footer's ad once the
  // first page is drawn whole, not while it is still short (page-drawing.ts).
  const restReady = useDeferredMount();
  const pageDrawn = usePageDrawn();
  const [footerAdReady, setFooterAdReady] = useState(false);
  useEffect(() => {
    if (restReady && pageDrawn) setFooterAdReady(true);
  }, [restReady, pageDrawn]);
  const drawer = useRef<HTMLDialogElement>(null);
  const more = useRef<HTMLDetailsElement>(null);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const name = settings.data?.displayName ?? (tenant === 'caribbean' ? 'Caribbean Praise Radio' : 'Watzhott');

  // The drawer is the browser's own: the menu button opens it (command/commandfor) and its
  // close button, Escape and a tap outside (closedby) close it, on the server's page before the
  // app has started too (issue 29, docs/server-render.md). The app only mirrors its state.
  useEffect(() => {
    const dialog = drawer.current;
    if (!dialog) return;
    const mirror = () => setDrawerOpen(dialog.open);
    mirror();
    dialog.addEventListener('toggle', mirror);
    dialog.addEventListener('close', mirror);
    return () => {
      dialog.removeEventListener('toggle', mirror);
      dialog.removeEventListener('close', mirror);
    };
  }, []);
  // Navigating closes the menus; not the first render, which would shut a menu opened before it.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    drawer.current?.close();
    if (more.current) more.current.open = false;
  }, [pathname]);
  // 'More' closes on navigation, on Escape and on a click elsewhere, like any menu.
  useEffect(() => {
    const close = (e: Event) => {
      const menu = more.current;
      if (!menu?.open) return;
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !menu.contains(e.target as Node)) menu.open = false;
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, []);

  return (
    <div className={`app tenant-${tenant}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <nav className="container-fluid" aria-label="Main">
          <ul>
            <li>
              <Link to="/" className="brand">
                <BrandLogo tenant={tenant} logoUrl={settings.data?.logoUrl} />
                <strong>{name}</strong>
              </Link>
            </li>
          </ul>
          <div className="nav-desktop">
            <NavList />
          </div>
          <details className="nav-more nav-desktop" ref={more}>
            <summary>More</summary>
            <div className="nav-more-panel">
              <ul className="more-links">
                {NAV_LINKS.slice(6).map((l) => (
                  <li key={l.to}>
                    <Link to={l.to} activeProps={{ 'aria-current': 'page' }}>
                      {l.label}
                    </Link>
                  </li>
                ))}
              </ul>
              <TenantSwitch tenant={tenant} />
            </div>
          </details>
          <DrawerButton className="menu-button nav-mobile" aria-label="Open menu" aria-expanded={drawerOpen} aria-controls="nav-drawer" command="show-modal" fallback={() => drawer.current?.showModal()}>
            <Menu />
          </DrawerButton>
        </nav>
      </header>
      <ConnectionStatus />
      <InstallApp />
      <dialog
        id="nav-drawer"
        ref={drawer}
        className="nav-drawer"
        aria-label="Menu"
        closedby="any"
        onClick={(e) => !SUPPORTS_COMMANDS && e.target === drawer.current && drawer.current.close()}
      >
        {(restReady || drawerOpen) && (
          <nav aria-label="Mobile">
            <DrawerButton className="icon-button drawer-close" aria-label="Close menu" command="close" fallback={() => drawer.current?.close()}>
              <X />
            </DrawerButton>
            <NavList onNavigate={() => drawer.current?.close()} />
            <TenantSwitch tenant={tenant} />
          </nav>
        )}
      </dialog>
      <main id="main" className="container">
        {children}
      </main>
      <footer className="container site-footer">
        {/* Admins at work are not an audience: no impressions counted on admin pages. */}
        {footerAdReady && !pathname.startsWith('/admin') && <AdSlot slot="footer" />}
        <small>
          © {new Date().getFullYear()} {name} · <Link to="/privacy">Privacy</Link>
        </small>
      </footer>
      <UpdatePrompt />
      <NowPlayingBar />
    </div>
  );
}
