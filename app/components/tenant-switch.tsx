import { useEffect, useId, useRef, useState } from 'react';
import type { Tenant } from '../../domain/tenants';
import { claimLaterTaps } from '../lib/player/first-tap/taps-later';
import { tenantSwitchUrl } from '../lib/tenant';

const TITLES: Record<Tenant, string> = {
  caribbean: 'Switch to Caribbean Praise',
  watzhott: 'Switch to Watzhott',
};

/**
 * Whether this browser opens and closes dialogs by itself (`command`/`commandfor`, Chromium 135,
 * Safari 26, Firefox 144): a button with them works on the server's page before the app has
 * started (issue 29). Elsewhere the app's click handler does it, once it runs.
 */
export const SUPPORTS_COMMANDS = typeof HTMLButtonElement !== 'undefined' && 'commandForElement' in HTMLButtonElement.prototype;

/** The 'Switch to Caribbean Praise' dialog: idle → switching; a failure shows and re-enables. */
export function TenantSwitch({ tenant }: { tenant: Tenant }) {
  const target: Tenant = tenant === 'caribbean' ? 'watzhott' : 'caribbean';
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [switching, setSwitching] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => dialog.current?.close(), []);

  const open = () => {
    setError(null);
    if (!SUPPORTS_COMMANDS) dialog.current?.showModal();
  };
  const cancel = () => {
    if (!SUPPORTS_COMMANDS) dialog.current?.close();
    setSwitching(false);
  };
  const go = () => {
    setSwitching(true);
    setError(null);
    try {
      const url = tenantSwitchUrl(window.location.href, target);
      if (!url) throw new Error(target === 'caribbean' ? 'Failed to switch to Caribbean Praise' : 'Failed to switch');
      window.location.assign(url);
    } catch (err) {
      setError(err instanceof Error ? err.message || 'Failed to switch to Caribbean Praise' : 'An unexpected error occurred');
      setSwitching(false);
    }
  };

  return (
    <>
      <button type="button" className="outline tenant-switch" command="show-modal" commandfor={id} onClick={open}>
        {TITLES[target]}
      </button>
      <dialog id={id} ref={dialog} aria-labelledby={`${id}-title`} onCancel={cancel}>
        <article>
          <h2 id={`${id}-title`}>{TITLES[target]}</h2>
          <p>
            {target === 'caribbean'
              ? 'Caribbean Praise Radio is our faith-oriented station: gospel, worship and the prayer wall.'
              : 'Watzhott is our general station: Caribbean hits, artists and events.'}
          </p>
          {error && (
            <p role="alert" className="form-error">
              {error}
            </p>
          )}
          <footer>
            <button type="button" className="secondary" command="close" commandfor={id} onClick={cancel}>
              Cancel
            </button>
            {/* Tapped before the app has started: held, and made again once the app has it (issue 29, app/lib/player/first-tap/taps-later.ts). */}
            <button type="button" ref={claimLaterTaps} data-after-start="" onClick={go} disabled={switching} aria-busy={switching}>
              {switching ? 'Switching...' : 'Continue'}
            </button>
          </footer>
        </article>
      </dialog>
    </>
  );
}
