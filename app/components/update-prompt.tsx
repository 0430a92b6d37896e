import { applyUpdate, useServiceWorkerUpdate } from '../lib/pwa/service-worker';
import { isActive, usePlayer } from '../lib/player/player';

/**
 * 'A new version is available': the new worker takes over only when the listener agrees,
 * and never in the middle of playback (the prompt waits until the radio is stopped).
 */
export function UpdatePrompt() {
  const { waiting } = useServiceWorkerUpdate();
  const player = usePlayer();
  const playing = isActive(player.status);
  if (!waiting || playing) return null;
  return (
    <div className="update-prompt" role="status">
      <span>A new version is available</span>
      <button type="button" onClick={applyUpdate}>
        Reload
      </button>
    </div>
  );
}
