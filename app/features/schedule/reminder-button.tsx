import { BellRing, BellPlus } from 'lucide-react';
import { REMINDER_BLOCK_MESSAGES, useReminders } from './reminders';

interface ReminderButtonProps {
  /** One show, or (the 'Never Miss a Show' box) every show of the week. */
  showIds: string[];
  /** What the button is about, for screen readers: the show's title, or 'every show'. */
  label: string;
  className?: string;
}

/**
 * 'Remind me' → 'Reminder set' (tap again to remove), docs/product.md "Reminders". Where push
 * cannot work the button gives way to the reason and what to do; the .ics stays beside it.
 */
export function ReminderButton({ showIds, label, className = '' }: ReminderButtonProps) {
  const { loaded, block, showIds: chosen, busy, error, store } = useReminders();
  if (!loaded || !store) return null;
  if (block) {
    return (
      <p className={`reminder-blocked muted ${className}`} role="note">
        {REMINDER_BLOCK_MESSAGES[block]}
      </p>
    );
  }
  const set = showIds.length > 0 && showIds.every((id) => chosen.has(id));
  const pending = showIds.some((id) => busy.has(id));
  const toggle = () => {
    if (showIds.length === 1) void store.toggle(showIds[0]!);
    else void store.setAll(showIds, !set);
  };
  return (
    <>
      <button type="button" className={`reminder-button ${set ? 'reminder-set' : 'outline'} ${className}`} aria-pressed={set} aria-busy={pending} disabled={pending} onClick={toggle}>
        {set ? <BellRing aria-hidden="true" size={18} /> : <BellPlus aria-hidden="true" size={18} />}
        {set ? 'Reminder set' : 'Remind me'}
        <span className="visually-hidden">: {label}</span>
      </button>
      {error && !pending && error.showIds === showIds.join(',') && (
        <p className="reminder-error" role="alert">
          {error.message}
        </p>
      )}
    </>
  );
}
