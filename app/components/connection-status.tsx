import { useEffect } from 'react';
import { useOnline, useOutboxCount } from '../lib/offline/outbox';
import { onOutboxNotice } from '../query-client';
import { useToast } from './toasts';

/** The offline indicator, the count of writes waiting to send, and their late answers. */
export function ConnectionStatus() {
  const online = useOnline();
  const waiting = useOutboxCount();
  const { toast } = useToast();

  useEffect(
    () =>
      onOutboxNotice((n) =>
        toast({ title: n.title, description: n.description, variant: n.kind === 'failed' ? 'destructive' : 'default' }),
      ),
    [toast],
  );

  if (online && waiting === 0) return null;
  return (
    <div className={`connection-status ${online ? '' : 'is-offline'}`} role="status" data-testid="connection-status">
      {!online && <span>You are offline. Saved pages still work.</span>}
      {waiting > 0 && (
        <span data-testid="outbox-count">
          {waiting} {waiting === 1 ? 'item' : 'items'} waiting to send
        </span>
      )}
    </div>
  );
}
