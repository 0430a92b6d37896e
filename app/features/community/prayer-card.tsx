import { Heart } from 'lucide-react';
import type { Prayer } from '../../../domain/prayers';
import { useToast } from '../../components/toasts';
import { newIdempotencyKey } from '../../lib/offline/outbox';
import { heartPayload, useAddHeart } from '../../api/prayers';

const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

export function PrayerCard({ prayer }: { prayer: Prayer }) {
  const { toast } = useToast();
  const addHeart = useAddHeart();
  const hearts = prayer.hearts;

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
          <time dateTime={prayer.createdAt}>{dateFormat.format(new Date(prayer.createdAt))}</time>
        </span>
        <button
          type="button"
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
