import { lazy, Suspense, useState } from 'react';

// The dialog, its list and the requests API load when the listener asks for them: this file is
// on the radio page's first screen (server-rendered, so the button takes its place at once and
// nothing shifts), and stays small for the first visit's budget (docs/performance.md).
const RequestDialog = lazy(() => import('./request-dialog'));

/** The 'Request a song' button and, once pressed, the dialog. */
export function RequestSongButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="secondary" onClick={() => setOpen(true)} aria-expanded={open}>
        Request a song
      </button>
      {open && (
        <Suspense fallback={<p className="muted">Loading…</p>}>
          <RequestDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
