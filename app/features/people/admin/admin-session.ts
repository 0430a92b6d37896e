import { currentAdminAccess, forgetSignedIn, getSignedIn, rememberWhetherModerates, setSignedIn, type AdminAccess } from '../../../lib/admin-access';
import { takeServerSignedIn } from '../../../lib/server-render';
import { fetchSignedIn } from '../api';

/** Asked once per page load: whether a session cookie is already open (after a reload, a new tab). */
let sessionAsked: Promise<void> | null = null;
let answered = false;
/** Which page's question an answer belongs to: the server renders one person's page after another. */
let asking = 0;

export function askForSession(): Promise<void> {
  const page = asking;
  sessionAsked ??= fetchSignedIn()
    .then((me) => {
      if (page !== asking) return;
      answered = true;
      if (me && !getSignedIn()) setSignedIn(me);
      else if (!me) rememberWhetherModerates(null);
    })
    .catch(() => {
      // A failed question (offline, a server error) is asked again by the next page.
      if (page === asking) sessionAsked = null;
    });
  return sessionAsked;
}

/**
 * The server's render, after each page (app/entry-server.tsx): who was signed in, and the
 * question and any answer still on its way, are forgotten, so the next page, another person's
 * or nobody's, is never drawn as them.
 */
export function forgetSession(): void {
  asking += 1;
  sessionAsked = null;
  answered = false;
  forgetSignedIn();
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
  // A page the server rendered for its signed-in person is theirs from the start: no question,
  // and the page hydrates as it was drawn (docs/server-render.md, "A moderator's page").
  const rendered = takeServerSignedIn();
  if (rendered && !getSignedIn()) {
    setSignedIn(rendered);
    answered = true;
  }
  const now = currentAdminAccess();
  if (now) return now;
  await askForSession();
  return currentAdminAccess();
}
