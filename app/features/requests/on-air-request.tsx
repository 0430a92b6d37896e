import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { NowPlaying } from '../../../domain/now-playing';
import { requestedByLine, requestOnAir } from '../../../domain/request-on-air';
import { mineQuery } from './api';

// The dialog and its list load when the listener asks for them, not with the radio page.
const RequestDialog = lazy(() => import('./request-dialog'));

/**
 * Beside now playing (docs/product.md "Requests"): 'Requested by {name} for {who}' to everyone
 * while a requested song is on air, and 'Now playing your request' to the one who asked (their
 * own requests are asked for only then).
 */
export function OnAirRequest({ np }: { np: NowPlaying | undefined }) {
  const request = np?.request ?? null;
  const mine = useQuery({ ...mineQuery(request ? `${request.name}|${request.for}|${np!.nowPlaying.title}` : ''), enabled: !!request });
  if (!request) return null;
  const yours = mine.data ? requestOnAir(mine.data, np!.nowPlaying, Date.now()) : null;
  return (
    <div className="on-air-request" data-testid="on-air-request">
      {yours && <p className="hero-show">Now playing your request</p>}
      <p className="hero-artist">{requestedByLine(request)}</p>
    </div>
  );
}

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
