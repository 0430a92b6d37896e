import { useCallback, useEffect, useRef, useState } from 'react';
import { Flame, HandHeart } from 'lucide-react';
import { Flag } from '../../components/flag';

/** docs/product.md#states-and-transitions: each reaction stays 2 seconds. */
export const REACTION_VISIBLE_MS = 2000;
/** Enough for a burst of taps without flooding the page. */
const MAX_FLOATING = 24;

export interface Reaction {
  /** Which reaction: 'fire', 'praise', or 'flag:' and a country code (all drawn as SVGs, never emoji glyphs). */
  emoji: string;
  label: string;
}

/** SVG, not emoji: emoji differ from phone to phone and show as empty boxes without an emoji font. */
function Glyph({ emoji }: { emoji: string }) {
  if (emoji.startsWith('flag:')) return <Flag code={emoji.slice(5)} className="flag reaction-flag" />;
  const Icon = emoji === 'praise' ? HandHeart : Flame;
  return <Icon className={`reaction-icon reaction-${emoji}`} aria-hidden="true" data-reaction={emoji} />;
}

interface Floating {
  id: number;
  emoji: string;
  /** Horizontal position in % so a burst spreads out instead of stacking. */
  left: number;
}

export function useFloatingReactions() {
  const [floating, setFloating] = useState<Floating[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const add = useCallback((emoji: string) => {
    const id = nextId.current++;
    // A fixed spread (golden-ratio steps) rather than random: calm, and testable.
    const left = 10 + ((id * 61.8) % 80);
    setFloating((list) => [...list, { id, emoji, left }].slice(-MAX_FLOATING));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setFloating((list) => list.filter((f) => f.id !== id));
    }, REACTION_VISIBLE_MS);
    timers.current.add(timer);
  }, []);

  return { floating, add };
}

/** The reaction buttons plus the layer the pressed reactions float up in. */
export function Reactions({ reactions, onReact }: { reactions: Reaction[]; onReact: (emoji: string) => void }) {
  return (
    <div role="group" aria-label="Reactions" className="reaction-buttons">
      {reactions.map((r) => (
        <button key={r.label} type="button" className="outline reaction-button" aria-label={r.label} onClick={() => onReact(r.emoji)}>
          <span aria-hidden="true">
            <Glyph emoji={r.emoji} />
          </span>
        </button>
      ))}
    </div>
  );
}

export function FloatingReactions({ floating }: { floating: Floating[] }) {
  return (
    <div className="reaction-layer" aria-hidden="true">
      {floating.map((f) => (
        <span key={f.id} className="floating-reaction" data-testid="floating-reaction" style={{ left: `${f.left}%` }}>
          <Glyph emoji={f.emoji} />
        </span>
      ))}
    </div>
  );
}
