import { RotateCcw, RotateCw } from 'lucide-react';
import { player, usePlayer } from '../lib/player/player';

/** docs/product.md "Episodes play in the one player": the speeds offered. */
export const EPISODE_SPEEDS = [1, 1.25, 1.5] as const;

/**
 * An episode's own controls in the bar: 15 s back, 30 s forward, and the speed. Loaded only
 * once an episode plays (the bar on every first visit stays as small as it was).
 */
export default function EpisodeSkipControls() {
  const state = usePlayer();
  return (
    <div className="np-episode-controls" role="group" aria-label="Episode controls">
      <button type="button" className="outline secondary" aria-label="Back 15 seconds" onClick={() => player.skip(-15)}>
        <RotateCcw size={16} aria-hidden="true" /> 15 s
      </button>
      <button type="button" className="outline secondary" aria-label="Forward 30 seconds" onClick={() => player.skip(30)}>
        30 s <RotateCw size={16} aria-hidden="true" />
      </button>
      <span className="np-speeds" role="group" aria-label="Speed">
        {EPISODE_SPEEDS.map((rate) => (
          <button key={rate} type="button" className={state.rate === rate ? '' : 'outline secondary'} aria-pressed={state.rate === rate} onClick={() => player.setRate(rate)}>
            {rate}×
          </button>
        ))}
      </span>
    </div>
  );
}
