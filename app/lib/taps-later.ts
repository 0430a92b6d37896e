import { useEffect, useState, type RefObject } from 'react';

/**
 * Taps that wait for the app (issue 29, docs/server-render.md "Before the app starts"). On a
 * page the server rendered, a form or a button marked `data-after-start` needs the app to do
 * its work (send a prayer, add a heart). Before the app has taken it over, the page's own
 * script (server/http/first-tap.ts) holds its submit or tap in `window.__tapsLater` and marks
 * it `aria-busy`; here the app takes the control over and makes the held tap again, so it is
 * late but never lost.
 */
declare global {
  interface Window {
    __tapsLater?: Element[];
  }
}

type Claimable = Element & { appTaps?: boolean };

/** Takes the element out of the page script's queue: true when a tap of it was waiting. */
function takeHeld(el: Element): boolean {
  const held = typeof window === 'undefined' ? undefined : window.__tapsLater;
  const at = held ? held.indexOf(el) : -1;
  if (at < 0) return false;
  held!.splice(at, 1);
  el.removeAttribute('aria-busy');
  return true;
}

/** A ref for a button marked `data-after-start`: its taps are the app's now, and a held one is made again. */
export function claimLaterTaps(button: HTMLButtonElement | null): void {
  if (!button) return;
  (button as Claimable).appTaps = true;
  // After the commit that hydrated it, when React's handler is there to take the click.
  if (takeHeld(button)) setTimeout(() => button.click());
}

/**
 * For a form marked `data-after-start` with controlled fields: React keeps what a field holds
 * when it hydrates it, not its own state, so what was typed or picked before the app is adopted
 * (`adopt` gets the form's fields), and a submit held meanwhile is made again once it has been.
 */
export function useFormTakeOver(form: RefObject<HTMLFormElement | null>, adopt: (fields: FormData) => void): void {
  const [adopted, setAdopted] = useState(false);
  useEffect(() => {
    const el = form.current;
    if (!el) return;
    (el as Claimable).appTaps = true;
    adopt(new FormData(el));
    setAdopted(true);
    // Once, when the form is first there.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    const el = form.current;
    if (adopted && el && takeHeld(el)) el.requestSubmit();
  }, [adopted, form]);
}
