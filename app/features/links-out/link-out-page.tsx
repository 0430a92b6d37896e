import { useEffect } from 'react';
import { ErrorState } from '../../components/states';
import { useSettings } from '../settings/api';
import { LINK_OUTS, linkOutTarget, type LinkOutKind } from './link-out';
import './links-out.css';

/**
 * Sends the visitor to the tenant's configured page, or says it is coming soon.
 * replace(), not assign(): with assign() the Back button would land on this page again and
 * bounce the visitor straight back out, so they could never leave.
 */
export function LinkOutPage({ kind }: { kind: LinkOutKind }) {
  const settings = useSettings();
  const copy = LINK_OUTS[kind];
  const target = settings.data ? linkOutTarget(settings.data, kind) : null;

  useEffect(() => {
    if (target) window.location.replace(target);
  }, [target]);

  return (
    <section className="link-out" aria-busy={settings.isPending || target !== null}>
      <h1>{copy.title}</h1>
      {settings.isPending ? (
        <p className="muted">Loading…</p>
      ) : settings.isLoadingError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : target ? (
        <p>
          {copy.leaving} <a href={target}>Continue</a>
        </p>
      ) : (
        <p className="link-out-message">{copy.unset}</p>
      )}
    </section>
  );
}
