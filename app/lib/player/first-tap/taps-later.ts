import { useEffect, useState, type RefObject } from 'react';

/**
 * Taps that wait for the app (issue 29, docs/server-render.md "Before the app starts"). On a
 * page the server rendered, a form or a button marked `data-after-start` needs the app to do
 * its work (send a prayer, choose a tier). Before the app has taken it over, the page's own
 * script (./first-tap.script.ts) holds its submit or tap in `window.__tapsLater`, in the
 * order they came, and marks it `aria-busy`; here the app takes each control over and makes the
 * held taps again, in that order, so they are late but never lost.
 */
declare global {
  interface Window {
    __tapsLater?: Element[];
    /** Set once React listens on the page (appListens): the page's script holds no plain button after. */
    __appListens?: boolean;
  }
}

type Claimable = Element & { appTaps?: boolean };

/** Forms whose fields the app has adopted: a held submit of theirs can be made. */
const adoptedForms = new WeakSet<Element>();
let replaying: ReturnType<typeof setTimeout> | null = null;

/**
 * A held form waits for its fields' adoption, a button marked `data-after-start` for its claim;
 * any other button the page's script held (one nobody marked) for React to listen: a tap that
 * meets a part React has not hydrated yet is then React's to hydrate at once and deliver.
 */
const ready = (el: Element): boolean =>
  el instanceof HTMLFormElement
    ? adoptedForms.has(el)
    : Boolean((el as Claimable).appTaps) || (!el.hasAttribute('data-after-start') && window.__appListens === true);

/**
 * Makes the held taps again, oldest first, one a task, so what one changes (a tier chosen) is
 * drawn before the next (the form sent with it). Waits at a control the app has not taken yet.
 */
function replayHeld(): void {
  if (replaying !== null || typeof window === 'undefined') return;
  replaying = setTimeout(() => {
    replaying = null;
    const held = window.__tapsLater;
    while (held && held.length > 0) {
      const next = held[0]!;
      if (!next.isConnected) {
        held.shift();
        continue;
      }
      if (!ready(next)) return;
      held.shift();
      next.removeAttribute('aria-busy');
      if (next instanceof HTMLFormElement) next.requestSubmit();
      else (next as HTMLElement).click();
      replayHeld();
      return;
    }
  });
}

/**
 * React listens on the page (called right after `hydrateRoot`, app/main.tsx): from now on a tap
 * on a button the app has not hydrated yet is React's (it hydrates that part first), so the
 * page's script stops holding plain buttons, and the ones it held are made again.
 */
export function appListens(): void {
  window.__appListens = true;
  replayHeld();
}

/**
 * A ref for a button or checkbox marked `data-after-start`: its taps are the app's now, and held
 * ones are made again. Called as React attaches it, once it is hydrated: a checkbox's tap made
 * before then (when React merely listens) ticked the box without React seeing a change.
 */
export function claimLaterTaps(button: HTMLElement | null): void {
  if (!button) return;
  (button as Claimable).appTaps = true;
  replayHeld();
}

/**
 * For a form marked `data-after-start` with controlled fields: React keeps what a field holds
 * when it hydrates it, not its own state, so what was typed or picked before the app is adopted
 * (`adopt` gets the form's fields), and a submit held meanwhile is made once that is drawn.
 */
export function useFormTakeOver(form: RefObject<HTMLFormElement | null>, adopt: (fields: FormData) => void): void {
  const [adopted, setAdopted] = useState(false);
  useEffect(() => {
    const el = form.current;
    if (!el) return;
    (el as Claimable).appTaps = true;
    adopt(new FormData(el));
    // A held submit is made once what was adopted is drawn (the render setAdopted asks for);
    // with none held, no second render of the page: from now on the script holds nothing of it.
    if (window.__tapsLater?.includes(el)) setAdopted(true);
    else adoptedForms.add(el);
    // Once, when the form is first there.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    const el = form.current;
    if (!adopted || !el) return;
    adoptedForms.add(el);
    replayHeld();
  }, [adopted, form]);
}
