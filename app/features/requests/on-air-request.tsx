import { useQuery } from '@tanstack/react-query';
import type { NowPlaying } from '../../../domain/now-playing';
import { requestedByLine, requestOnAir } from '../../../domain/request-on-air';
import { mineQuery } from './api';

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
