import { useEffect, useState } from 'react';
import { currentTrack } from '../lib/player/engine';
import { sleepTimer } from '../lib/player/play-episode';
import { usePlayer } from '../lib/player/player';
import { SLEEP_MINUTES, useSleepTimer, type SleepChoice } from '../lib/player/sleep-timer';

const left = (ms: number) => {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * docs/product.md "Sleep timer", in the expanded player: 15, 30, 45 or 60 minutes, or the end
 * of the episode; the sound fades over the last 10 seconds, then pauses. Loaded when the
 * player is expanded.
 */
export default function SleepTimerControl() {
  const timer = useSleepTimer(sleepTimer);
  const state = usePlayer();
  const onEpisode = currentTrack(state)?.kind === 'episode';
  const [, redraw] = useState(0);
  useEffect(() => {
    if (timer.choice === null) return;
    const t = setInterval(() => redraw((n) => n + 1), 1000);
    return () => clearInterval(t);
  }, [timer.choice]);
  const remaining = sleepTimer.remainingMs();
  const value = timer.choice === null ? 'off' : String(timer.choice);
  return (
    <label className="np-sleep">
      Sleep timer
      <select
        value={value}
        onChange={(e) => {
          const v = e.target.value;
          if (v === 'off') sleepTimer.cancel();
          else sleepTimer.start((v === 'end' ? 'end' : Number(v)) as SleepChoice);
        }}
      >
        <option value="off">Off</option>
        {SLEEP_MINUTES.map((m) => (
          <option key={m} value={m}>
            {m} minutes
          </option>
        ))}
        {(onEpisode || timer.choice === 'end') && <option value="end">End of episode</option>}
      </select>
      {timer.choice !== null && remaining !== null && (
        <small className="muted" data-testid="sleep-left">
          Stops in {left(remaining)}
        </small>
      )}
    </label>
  );
}
