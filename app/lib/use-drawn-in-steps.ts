import { startTransition, useEffect, useState } from 'react';
import { useStillDrawing } from './page-drawing';

/**
 * How many of a long part's `total` pieces to draw: `first` at once, then one more in each
 * following task, each as a transition, until all are drawn; again from `first` whenever `key`
 * changes (another week, another view). React draws a transition in slices, but commits it
 * whole: a part of hundreds of elements put in at once is then laid out and painted in one
 * long task, which held a low-tier phone for the schedule's whole week (issue 43,
 * docs/performance.md "The schedule's week"). One piece a commit keeps each layout small.
 * The part counts as still drawing until its last piece is in (app/lib/page-drawing.ts).
 */
export function useDrawnInSteps(total: number, first: number, key: string): number {
  const [drawn, setDrawn] = useState({ key, count: first });
  // Another key starts again from the first pieces, in this same render.
  if (drawn.key !== key) setDrawn({ key, count: first });
  const count = drawn.key === key ? Math.min(drawn.count, total) : Math.min(first, total);
  const more = count < total;
  useStillDrawing(more);
  useEffect(() => {
    if (!more) return;
    // The next task, not a timer: a background tab slows timers to once a second.
    const channel = new MessageChannel();
    channel.port1.onmessage = () => startTransition(() => setDrawn((d) => (d.key === key ? { key, count: Math.max(d.count, count + 1) } : d)));
    channel.port2.postMessage(null);
    return () => channel.port1.close();
  }, [key, count, more]);
  return count;
}
