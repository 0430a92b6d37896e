import { useEffect, useRef, useState } from 'react';
import type { Tenant } from '../../domain/tenants';
import { tenantSwitchUrl } from '../lib/tenant';

const TITLES: Record<Tenant, string> = {
  caribbean: 'Switch to Caribbean Praise',
  watzhott: 'Switch to Watzhott',
};

/** The 'Switch to Caribbean Praise' dialog: idle → switching; a failure shows and re-enables. */
export function TenantSwitch({ tenant }: { tenant: Tenant }) {
  const target: Tenant = tenant === 'caribbean' ? 'watzhott' : 'caribbean';
  const dialog = useRef<HTMLDialogElement>(null);
  const [switching, setSwitching] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => dialog.current?.close(), []);

  const open = () => {
    setError(null);
    dialog.current?.showModal();
  };
  const cancel = () => {
    dialog.current?.close();
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
      <button type="button" className="outline tenant-switch" onClick={open}>
        {TITLES[target]}
      </button>
      <dialog ref={dialog} aria-labelledby="tenant-switch-title" onCancel={cancel}>
        <article>
          <h2 id="tenant-switch-title">{TITLES[target]}</h2>
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
            <button type="button" className="secondary" onClick={cancel}>
              Cancel
            </button>
            <button type="button" onClick={go} disabled={switching} aria-busy={switching}>
              {switching ? 'Switching...' : 'Continue'}
            </button>
          </footer>
        </article>
      </dialog>
    </>
  );
}
