import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Person } from '../../../../domain/people';
import { personPasskeysQuery, useRemovePasskey, useSignOutEverywhere } from '../api';
import { ErrorState, Placeholders } from '../../../components/states';
import { useToast } from '../../../components/toasts';
import { formatWhen } from './people-format';

/**
 * A person's passkeys and sessions, opened from their row on /admin/people: 'Remove' takes
 * one passkey away (a lost phone, one a stolen session added), 'Sign out everywhere' ends
 * every session they have (docs/api.md, "Admins who are people").
 */
export function PersonAccess({ person }: { person: Person }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="people-access" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Passkeys and sessions</summary>
      {open && <PersonAccessPanel person={person} />}
    </details>
  );
}

function PersonAccessPanel({ person }: { person: Person }) {
  const passkeys = useQuery(personPasskeysQuery(person.id));
  const remove = useRemovePasskey(person.id);
  const signOut = useSignOutEverywhere();
  const { toast } = useToast();
  const fail = (err: Error) => toast({ title: 'Not saved', description: err.message, variant: 'destructive' });

  let list;
  if (passkeys.isPending) list = <Placeholders count={1} className="people-placeholder" />;
  else if (passkeys.isLoadingError) list = <ErrorState error={passkeys.error} onRetry={() => void passkeys.refetch()} />;
  else if (passkeys.data.length === 0) list = <p className="muted">No passkeys: they cannot sign in until invited again.</p>;
  else
    list = (
      <ul className="people-passkeys">
        {passkeys.data.map((k, i) => (
          <li key={k.id} data-testid="person-passkey">
            <small>
              Passkey {i + 1} · added {formatWhen(k.createdAt)} · last used {k.lastUsedAt ? formatWhen(k.lastUsedAt) : 'never'}
            </small>
            <button
              type="button"
              className="outline secondary"
              aria-label={`Remove passkey ${i + 1} of ${person.name}`}
              disabled={remove.isPending}
              onClick={() => remove.mutate(k.id, { onError: fail, onSuccess: () => toast({ title: 'Passkey removed', description: `That passkey no longer signs ${person.name} in.` }) })}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="people-access-panel">
      {list}
      <button
        type="button"
        className="outline secondary"
        disabled={signOut.isPending}
        aria-busy={signOut.isPending}
        onClick={() => signOut.mutate(person.id, { onError: fail, onSuccess: () => toast({ title: 'Signed out everywhere', description: `${person.name} signs in again with a passkey.` }) })}
      >
        Sign out everywhere
      </button>
    </div>
  );
}
