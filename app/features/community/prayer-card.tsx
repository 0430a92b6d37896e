import { Heart } from 'lucide-react';
import type { Prayer } from '../../../domain/prayers';
import { useToast } from '../../components/toasts';
import { newIdempotencyKey } from '../../lib/offline/outbox';
import { claimLaterTaps } from '../../lib/player/first-tap/taps-later';
import { useHydrated } from '../../lib/use-hydrated';
import { enUsDate } from '../../lib/en-us-format';
import { heartPayload, useAddHeart } from './api';

/**
 * 'Nov 26, 2026', made by hand: making an Intl.DateTimeFormat cost a slow phone about 100 ms
 * of the page's start at 5× CPU (docs/performance.md). In UTC on the server and while the
 * browser hydrates its page (neither knows the listener's zone, and both must agree), the
 * listener's own day after.
 */
export function prayerDay(iso: string, utc: boolean): string {
  return enUsDate(new Date(iso), utc);
}

export function PrayerCard({ prayer }: { prayer: Prayer }) {
  const { toast } = useToast();
  const addHeart = useAddHeart();
  const hearts = prayer.hearts;
  const local = useHydrated();

  function onHeart() {
    addHeart.mutate(
      { payload: heartPayload(prayer), idempotencyKey: newIdempotencyKey() },
      { onError: (err) => toast({ title: 'Heart Not Added', description: err.message, variant: 'destructive' }) },
    );
  }

  return (
    <article className="prayer-card">
      <p className="prayer-text">{prayer.text}</p>
      <footer>
        <span className="prayer-meta">
          <strong>{prayer.nameOptional || 'Anonymous'}</strong>
          <time dateTime={prayer.createdAt}>{prayerDay(prayer.createdAt, !local)}</time>
        </span>
        <button
          type="button"
          ref={claimLaterTaps}
          data-after-start=""
          className="outline heart-button"
          onClick={onHeart}
          disabled={addHeart.isPending}
          aria-label={`Add a heart to this prayer, ${hearts} ${hearts === 1 ? 'heart' : 'hearts'} so far`}
        >
          <Heart size={18} fill="currentColor" /> <span className="heart-count">{hearts}</span>
        </button>
        {addHeart.isPaused && (
          <small className="muted heart-queued" role="status">
            Heart queued until you are back online
          </small>
        )}
      </footer>
    </article>
  );
}
