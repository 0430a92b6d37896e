import { useEffect, useRef, useState } from 'react';
import { lowDataNow } from '../../lib/low-data';
import { player } from '../../lib/player/player';
import { hlsStartLevel, type ConnectionLike } from './hls-start';

type Problem = null | 'unsupported' | 'failed';

/**
 * Safari's own HLS (and a browser with no MediaSource at all, where hls.js cannot run).
 * Chromium now says it plays HLS too, but its player gives us neither the lowest start on a
 * slow connection nor the cap to the player's size, so there hls.js plays it.
 */
function playsHlsNatively(video: HTMLVideoElement): boolean {
  if (!video.canPlayType('application/vnd.apple.mpegurl')) return false;
  return /Apple/.test(navigator.vendor) || !('MediaSource' in window || 'ManagedMediaSource' in window);
}

/**
 * The live video from the tenant's HLS URL in a native <video>: Safari gets the URL as is;
 * elsewhere hls.js, imported here so its
 * chunk loads on /watch only, and only when a tenant has set an HLS URL. Nothing is fetched
 * until the viewer presses play (prepaid data); then it starts at the lowest rendition on a
 * slow connection and never picks one larger than the player (capLevelToPlayerSize).
 */
export function HlsVideo({ src }: { src: string }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const video = videoRef.current;
    // Low Data Mode the server could not know of (no cookie yet): the page it drew, hydrated as
    // drawn, has this video for a moment before the page takes it away; nothing is loaded for it.
    if (!video || lowDataNow()) return;
    setProblem(null);
    // The radio and the video are not heard together: the video's sound wins while it plays.
    const stopRadio = () => player.pause();
    video.addEventListener('play', stopRadio);
    let destroyed = false;
    let destroy = () => {};

    if (playsHlsNatively(video)) {
      video.src = src;
    } else {
      void import('hls.js/light')
        .then(({ default: Hls }) => {
          if (destroyed) return;
          if (!Hls.isSupported()) return setProblem('unsupported');
          const connection = (navigator as Navigator & { connection?: ConnectionLike }).connection;
          const hls = new Hls({ autoStartLoad: false, capLevelToPlayerSize: true, startLevel: hlsStartLevel(connection), lowLatencyMode: false });
          let networkRetries = 0;
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (!data.fatal) return;
            if (data.type === Hls.ErrorTypes.NETWORK_ERROR && networkRetries < 3) {
              networkRetries += 1;
              hls.startLoad();
            } else if (data.type === Hls.ErrorTypes.MEDIA_ERROR) {
              hls.recoverMediaError();
            } else {
              setProblem('failed');
            }
          });
          hls.on(Hls.Events.FRAG_LOADED, () => {
            networkRetries = 0;
          });
          hls.loadSource(src);
          hls.attachMedia(video);
          // Segments load once the viewer asks for the video, not on opening the page.
          const start = () => hls.startLoad();
          video.addEventListener('play', start, { once: true });
          destroy = () => {
            video.removeEventListener('play', start);
            hls.destroy();
          };
        })
        .catch(() => setProblem('failed'));
    }
    return () => {
      destroyed = true;
      video.removeEventListener('play', stopRadio);
      destroy();
      video.removeAttribute('src');
      video.load();
    };
  }, [src, attempt]);

  return (
    <>
      <video ref={videoRef} className="video-frame hls-video" controls playsInline preload="none" aria-label="Live video" data-testid="hls-video" />
      {problem && (
        <div className="video-problem" role="alert">
          <p>{problem === 'unsupported' ? 'This browser cannot play the live video. Try Audio only.' : 'The live video could not be played.'}</p>
          {problem === 'failed' && (
            <button type="button" className="outline" onClick={() => setAttempt((n) => n + 1)}>
              Retry
            </button>
          )}
        </div>
      )}
    </>
  );
}
