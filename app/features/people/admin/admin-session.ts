import { currentAdminAccess, getSignedIn, rememberWhetherModerates, setSignedIn, type AdminAccess } from '../../../lib/admin-access';
import { fetchSignedIn } from '../api';

/** Asked once per page load: whether a session cookie is already open (after a reload, a new tab). */
let sessionAsked: Promise<void> | null = null;
let answered = false;

export function askForSession(): Promise<void> {
  sessionAsked ??= fetchSignedIn()
    .then((me) => {
      answered = true;
      if (me && !getSignedIn()) setSignedIn(me);
      else if (!me) rememberWhetherModerates(null);
    })
    .catch(() => {
      // A failed question (offline, a server error) is asked again by the next page.
      sessionAsked = null;
    });
  return sessionAsked;
}

/** Whether this page load has its answer (a session or none), so the gate need not say 'Loading…'. */
export const sessionAnswered = (): boolean => answered;

/**
 * Who may use the admin, for a route's loader: the key, or the session asked once. The /admin
 * layout's loader asks before the first render, with the page's own chunk, not after it (a
 * render and an effect later: most of a second on a low-tier phone, bench/moderation.mjs), and
 * a page whose data needs the session asks for that data the moment the answer comes
 * (docs/performance.md, "Moderating from a phone").
 */
export async function adminAccessAsked(): Promise<AdminAccess | null> {
  const now = currentAdminAccess();
  if (now) return now;
  await askForSession();
  return currentAdminAccess();
}
