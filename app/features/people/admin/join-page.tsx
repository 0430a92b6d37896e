import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { joinWithPasskey, previewInvite } from '../api';
import { ErrorState } from '../../../components/states';
import { useToast } from '../../../components/toasts';
import { formatWhen } from './people-format';
import './admin-people.css';

/** Where a moderator lands first: the tabs their role uses. */
const FIRST_PAGE = { owner: '/admin/people', editor: '/admin/schedule', moderator: '/admin/moderation' } as const;

/** '/admin/join?token=…' (docs/api.md, "Admins who are people"): the invite, then 'Create passkey'. */
export function JoinPage({ token }: { token: string | undefined }) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const invite = useQuery({ queryKey: ['admin', 'invite', token], queryFn: () => previewInvite(token!), enabled: !!token, retry: false, staleTime: Infinity, gcTime: 0 });

  const create = async () => {
    if (!token) return;
    setBusy(true);
    setProblem(null);
    try {
      const me = await joinWithPasskey(token);
      toast({ title: 'Welcome to the team', description: `You are signed in as ${me.name}. Next time, tap 'Sign in with a passkey'.` });
      void navigate({ to: FIRST_PAGE[me.role] });
    } catch (err) {
      setProblem(err instanceof Error && err.name === 'NotAllowedError' ? 'The passkey was not created. Tap the button to try again.' : err instanceof Error ? err.message : 'Please try again.');
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (!token) body = <ErrorState error={new Error('This page needs the invite link you were sent.')} />;
  else if (invite.isPending) body = <p aria-busy="true">Loading…</p>;
  else if (invite.isLoadingError) body = <ErrorState error={invite.error} />;
  else
    body = (
      <>
        <p>
          Hello <strong>{invite.data.name}</strong>: you are invited to help run the station as <strong>{invite.data.role}</strong>.
        </p>
        <p className="muted">
          Your phone keeps a passkey for this site, opened with your fingerprint, face or screen lock. Nothing to type or remember. The invite works once, until{' '}
          {formatWhen(invite.data.expiresAt)}.
        </p>
        <button type="button" onClick={() => void create()} disabled={busy} aria-busy={busy}>
          Create passkey
        </button>
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
      </>
    );

  return (
    <section className="admin-gate admin-join" aria-labelledby="join-heading">
      <article>
        <h1 id="join-heading">Join the team</h1>
        {body}
        <p>
          <small>
            <Link to="/admin/dashboard">Already have a passkey? Sign in</Link>
          </small>
        </p>
      </article>
    </section>
  );
}
