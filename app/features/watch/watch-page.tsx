import { lazy, Suspense, useState } from 'react';
import { findCountry } from '../../../domain/countries';
import { EmbedFrame } from '../../components/embed-frame';
import { Placeholders } from '../../components/states';
import { useToast } from '../../components/toasts';
import { useLowData } from '../../lib/low-data';
import { pageLocation } from '../../lib/page-location';
import { useHydrated } from '../../lib/use-hydrated';
import { useNowPlaying } from '../radio/api';
import { isActive, player, usePlayer } from '../../lib/player/player';
import { useSettings } from '../settings/api';
import { HlsVideo } from './hls-video';
import { FloatingReactions, Reactions, useFloatingReactions, type Reaction } from './reactions';
import { isFramableUrl, videoFrameSandbox } from './video-frame';
import { enUsInteger, writesEnUs } from '../../lib/en-us-format';
import './watch.css';

// Our live chat (docs/product.md "Live chat"), fetched only where it shows.
const ChatRoom = lazy(() => import('../chat/chat-room'));

/**
 * What the chat's place shows until the room is there: one line, as the room's own first one
 * (its 'Loading…'), in a box as tall as the room's messages box (--chat-body-height), so
 * nothing moves when it comes, nor when its messages do. The server renders it and the browser
 * hydrates it (docs/server-render.md): the room, a lazy chunk with its own styles and event
 * stream, mounts once the page is the app's.
 */
const CHAT_WAITING = (
  <p className="muted chat-waiting" aria-busy="true">
    Opening the chat…
  </p>
);

export function WatchPage() {
  const settings = useSettings();
  const np = useNowPlaying();
  const [lowData] = useLowData();
  const playerState = usePlayer();
  const { floating, add } = useFloatingReactions();
  const [audioOnly, setAudioOnly] = useState(false);
  const hydrated = useHydrated();
  const s = settings.data;

  if (!s) return <Placeholders count={2} />;

  const stream = (lowData && s.lowDataStreamUrl) || s.streamUrl;
  const panel = s.vdoPanelIframe.trim();
  const hasPanel = isFramableUrl(panel);
  // The HLS URL, when set, is played in our own <video>; the iframe panel is for tenants that only set that.
  const hls = s.vdoPanelHls.trim();
  const hasHls = isFramableUrl(hls);
  const hasVideo = hasHls || hasPanel;
  const listening = Boolean(stream) && playerState.src === stream && isActive(playerState.status);
  const country = findCountry(s.defaultCountry) ?? findCountry('GY');
  const reactions: Reaction[] = [
    { emoji: 'fire', label: 'React with fire' },
    { emoji: 'praise', label: 'React with praise hands' },
    { emoji: `flag:${country?.code ?? 'GY'}`, label: `React with the ${country?.name ?? 'Guyana'} flag` },
  ];
  const listeners = np.data?.listeners;

  const playAudioOnly = () => {
    player.play(stream);
    setAudioOnly(true);
  };

  return (
    <div className="watch-page">
      <header className="watch-header">
        <h1>
          <span className="live-badge">LIVE</span> Watch {s.displayName}
        </h1>
        {typeof listeners === 'number' && (
          <p className="viewer-count" data-testid="viewer-count">
            <span aria-hidden="true">👁 </span>
            {/* One locale on the server and while hydrating (both must write the same), the listener's after; en-US by hand (app/lib/en-us-format.ts). */}
            {hydrated && !writesEnUs() ? listeners.toLocaleString() : enUsInteger(listeners)} listening now
          </p>
        )}
      </header>

      <div className="watch-layout">
        <div className="watch-main">
          <div className="video-stage">
            {lowData ? (
              <div className="video-off" data-testid="video-off">
                <p>
                  <strong>Video is off in Low Data Mode.</strong>
                </p>
                <p>Keep listening with Audio only: it uses a fraction of the data.</p>
              </div>
            ) : audioOnly && hasVideo ? (
              <div className="video-off" data-testid="video-off">
                <p>
                  <strong>Audio only.</strong> The video is off to save your data.
                </p>
                <button type="button" className="outline" onClick={() => setAudioOnly(false)}>
                  Show video
                </button>
              </div>
            ) : hasHls ? (
              <HlsVideo src={hls} />
            ) : hasPanel ? (
              <iframe
                className="video-frame"
                title="Live video"
                src={panel}
                sandbox={videoFrameSandbox(panel, pageLocation().origin)}
                allow="autoplay; fullscreen"
                allowFullScreen
                referrerPolicy="strict-origin-when-cross-origin"
              />
            ) : (
              <div className="video-off" data-testid="video-not-set-up">
                <p>
                  <strong>The live video is being set up.</strong>
                </p>
                <p>Check back soon, or listen with Audio only in the meantime.</p>
              </div>
            )}
            <FloatingReactions floating={floating} />
          </div>

          <div className="watch-controls">
            {s.enableReactions && <Reactions reactions={reactions} onReact={add} />}
            <div className="watch-actions">
              <ShareButton title={`Watch ${s.displayName} live`} />
              <button type="button" aria-pressed={listening} disabled={!stream} onClick={playAudioOnly}>
                Audio only
              </button>
            </div>
          </div>
          {!stream && <p className="muted">The stream is being set up.</p>}
          {listening && <p className="muted">Playing audio in the player below.</p>}
        </div>

        <section className="watch-chat" aria-labelledby="watch-chat-heading">
          <h2 id="watch-chat-heading">Live Chat</h2>
          {s.chatweeEmbed.trim() ? (
            <EmbedFrame name="chat" html={s.chatweeEmbed} title="Live chat" height={420} />
          ) : s.enableChat ? (
            hydrated ? (
              <Suspense fallback={CHAT_WAITING}>
                <ChatRoom lowData={lowData} />
              </Suspense>
            ) : (
              CHAT_WAITING
            )
          ) : (
            <p className="muted chat-placeholder">Live chat is coming soon.</p>
          )}
        </section>
      </div>
    </div>
  );
}

function ShareButton({ title }: { title: string }) {
  const { toast } = useToast();
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (err) {
        // The listener closed the share sheet: nothing to do.
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied', description: 'Paste it anywhere to share the live video.' });
    } catch {
      toast({ title: 'Could not copy the link', description: url, variant: 'destructive' });
    }
  };
  return (
    <button type="button" className="outline" onClick={() => void share()}>
      Share
    </button>
  );
}
