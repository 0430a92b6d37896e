import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { ROLES, type Invite, type Person, type Role } from '../../../../domain/people';
import { addPasskey, needsPasskeyCheck, peopleKeys, peopleQuery, signInWithPasskey, useInvite, useRemovePerson, useSetRole } from '../api';
import { AdminList } from '../../../components/admin-list-page';
import { useToast } from '../../../components/toasts';
import { useAdminAccess } from '../../../lib/admin-access';
import { issuesByField } from '../../../lib/api-client';
import { formatWhen } from './people-format';
import { PersonAccess } from './person-access';
import './admin-people.css';

const ROLE_HINTS: Record<Role, string> = {
  owner: 'Everything: settings, ads, people and the activity log',
  editor: 'Shows, events, sponsors and the ad inventory',
  moderator: 'Moderation of artists, tracks, prayers and shoutouts; the dashboard',
};

/** '/admin/people' (docs/api.md, "Admins who are people"): invite, change roles, passkeys and sessions, remove. */
export function PeoplePage() {
  const people = useQuery(peopleQuery());
  const access = useAdminAccess();

  return (
    <section className="admin-people" aria-labelledby="people-heading">
      <header>
        <h1 id="people-heading">People</h1>
        <p className="muted">Everyone who helps run the station, each with their own passkey and role.</p>
      </header>
      <InviteForm />
      {access?.via === 'passkey' && <AddPasskey />}
      <h2>Team</h2>
      <AdminList
        query={people}
        placeholderClassName="people-placeholder"
        placeholders={2}
        emptyTitle="Nobody yet"
        emptyText="Invite yourself first: open the link on your phone and create a passkey, so you never need to type the admin key again."
      >
        {(team) => (
          <ul className="people-list">
            {team.map((p) => (
              <PersonRow key={p.id} person={p} isMe={access?.id === p.id} />
            ))}
          </ul>
        )}
      </AdminList>
    </section>
  );
}

function InviteForm() {
  const invite = useInvite();
  const { toast } = useToast();
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('moderator');
  const [made, setMade] = useState<(Invite & { name: string }) | null>(null);
  const errors = issuesByField(invite.error);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    invite.mutate(
      { name: name.trim(), role },
      {
        onSuccess: (result) => {
          setMade({ ...result, name: name.trim() });
          setName('');
        },
        onError: (err) => toast({ title: 'Invite failed', description: err.message, variant: 'destructive' }),
      },
    );
  };

  return (
    <article className="people-invite">
      <form onSubmit={submit}>
        <label htmlFor="invite-name">Name</label>
        <input id="invite-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={80} autoComplete="off" aria-invalid={errors.name ? true : undefined} required />
        {errors.name && <small className="field-error">{errors.name}</small>}
        <label htmlFor="invite-role">Role</label>
        <select id="invite-role" value={role} onChange={(e) => setRole(e.target.value as Role)} aria-describedby="invite-role-hint">
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
        <small id="invite-role-hint" className="muted">
          {ROLE_HINTS[role]}
        </small>
        <button type="submit" disabled={!name.trim() || invite.isPending} aria-busy={invite.isPending}>
          Invite someone
        </button>
      </form>
      {made && <InviteLink invite={made} />}
    </article>
  );
}

/** The one-time link: copy it, or hand it to the phone's share sheet (Web Share API) where there is one. */
function InviteLink({ invite }: { invite: Invite & { name: string } }) {
  const { toast } = useToast();
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invite.url);
      toast({ title: 'Link copied', description: `Send it to ${invite.name}; it works once, for 48 hours.` });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the link and copy it yourself.', variant: 'destructive' });
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: 'Join the team', text: `${invite.name}, here is your invite to the station's admin (works once, for 48 hours):`, url: invite.url });
    } catch {
      // Closing the share sheet is not an error.
    }
  };
  return (
    <div className="people-link" role="status">
      <p>
        Invite for <strong>{invite.name}</strong>, valid until {formatWhen(invite.expiresAt)}:
      </p>
      <input readOnly value={invite.url} aria-label="Invite link" onFocus={(e) => e.currentTarget.select()} data-testid="invite-link" />
      <div className="people-link-actions">
        <button type="button" className="secondary" onClick={() => void copy()}>
          Copy link
        </button>
        {canShare && (
          <button type="button" onClick={() => void share()}>
            Share
          </button>
        )}
      </div>
    </div>
  );
}

/**
 * 'Add a passkey on this device'. Without a passkey check on this session in the last 5
 * minutes the server refuses (a stolen session makes no lasting passkey): the person
 * confirms with a passkey they have, then the new one is made.
 */
function AddPasskey() {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [checkFirst, setCheckFirst] = useState<string | null>(null);
  const run = async (check: boolean) => {
    setBusy(true);
    try {
      if (check) await signInWithPasskey(true);
      setCheckFirst(null);
      const n = await addPasskey();
      toast({ title: 'Passkey added', description: `You now have ${n} passkeys.` });
      void queryClient.invalidateQueries({ queryKey: peopleKeys.all });
    } catch (err) {
      if (needsPasskeyCheck(err)) setCheckFirst((err as Error).message);
      else if (!(err instanceof Error && err.name === 'NotAllowedError')) toast({ title: 'Passkey not added', description: err instanceof Error ? err.message : 'Please try again.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return checkFirst ? (
    <div className="people-check" role="status">
      <p>{checkFirst}</p>
      <button type="button" onClick={() => void run(true)} disabled={busy} aria-busy={busy}>
        Confirm with a passkey
      </button>
    </div>
  ) : (
    <p>
      <button type="button" className="outline" onClick={() => void run(false)} disabled={busy} aria-busy={busy}>
        Add a passkey on this device
      </button>
    </p>
  );
}

function PersonRow({ person, isMe }: { person: Person; isMe: boolean }) {
  const setRole = useSetRole();
  const remove = useRemovePerson();
  const { toast } = useToast();
  const [confirming, setConfirming] = useState(false);
  const fail = (err: Error) => toast({ title: 'Not saved', description: err.message, variant: 'destructive' });
  return (
    <li className="people-row">
      <div className="people-who">
        <strong>{person.name}</strong>
        {isMe && <span className="muted"> (you)</span>}
        <small className="muted">
          {person.passkeys} {person.passkeys === 1 ? 'passkey' : 'passkeys'} · last signed in {person.lastSignInAt ? formatWhen(person.lastSignInAt) : 'never'}
        </small>
        <Link to="/admin/activity" search={{ person: person.id }}>
          Their activity
        </Link>
        <PersonAccess person={person} />
      </div>
      <label className="people-role">
        <span className="visually-hidden">Role of {person.name}</span>
        <select value={person.role} disabled={setRole.isPending} onChange={(e) => setRole.mutate({ id: person.id, role: e.target.value as Role }, { onError: fail, onSuccess: () => toast({ title: 'Role changed', description: `${person.name} is now ${e.target.value}; they sign in again.` }) })}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </label>
      {confirming ? (
        <div className="people-confirm">
          <button type="button" className="contrast" disabled={remove.isPending} aria-busy={remove.isPending} onClick={() => remove.mutate(person.id, { onError: fail })}>
            Remove {person.name}
          </button>
          <button type="button" className="secondary" onClick={() => setConfirming(false)}>
            Keep
          </button>
        </div>
      ) : (
        <button type="button" className="outline secondary" onClick={() => setConfirming(true)}>
          Remove
        </button>
      )}
    </li>
  );
}
