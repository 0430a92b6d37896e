import { useState } from 'react';
import { canFeature, type ModeratedKind, type ModerationAction } from './moderation-actions';
import { useModerateItem } from './use-moderate-item';

/** A link that opens in a new tab, sized and labelled like the row's buttons. */
export function NewTabAction({ href, label, children }: { href: string; label: string; children: string }) {
  return (
    <a className="mod-btn outline secondary" role="button" href={href} target="_blank" rel="noopener" aria-label={`${label} (opens in a new tab)`}>
      {children}
    </a>
  );
}

const ACTION_TEXT: Record<ModerationAction, string> = { approve: 'Approve', feature: 'Feature', reject: 'Reject' };

/**
 * Approve, feature (artists and tracks) and reject for one row. Each row owns its mutation,
 * so two rows can be moderated at once and each shows its own progress.
 */
export function ModerateButtons({ kind, id, subject }: { kind: ModeratedKind; id: string; subject: string }) {
  const moderate = useModerateItem(kind);
  const actions: ModerationAction[] = canFeature(kind) ? ['approve', 'feature', 'reject'] : ['approve', 'reject'];
  // Busy in the tap's own frame: the mutation's pending state reaches React a task later
  // (TanStack Query batches its notifications with setTimeout), after whatever else is queued,
  // which on a phone put the first sign of the tap 200-400 ms after it (bench/moderation.mjs).
  const [tapped, setTapped] = useState<ModerationAction | null>(null);
  const busyWith = tapped ?? (moderate.isPending ? moderate.variables?.action : undefined);
  return (
    <>
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          className={`mod-btn mod-${action} ${action === 'reject' ? 'secondary outline' : action === 'feature' ? 'outline' : ''}`}
          aria-label={`${ACTION_TEXT[action]} ${subject}`}
          aria-busy={busyWith === action}
          disabled={busyWith !== undefined}
          onClick={() => {
            setTapped(action);
            moderate.mutate({ id, action }, { onSettled: () => setTapped(null) });
          }}
        >
          {ACTION_TEXT[action]}
        </button>
      ))}
    </>
  );
}
