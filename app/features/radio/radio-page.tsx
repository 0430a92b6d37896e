import { Mic, Pause, Play, Radio, Users } from 'lucide-react';
import { lazy, startTransition, Suspense, useEffect, useState, type ComponentType } from 'react';
import type { EmbedName } from '../../../domain/embeds';
import { builtInLogoUrl } from '../../../domain/tenants';
import { AdSlot } from '../ads/ad-slot';
import { BuiltInLogo } from '../../components/brand-logo';
import { EmbedFrame } from '../../components/embed-frame';
import { useLowData } from '../../lib/low-data';
import { useNowPlaying } from './api';
import { isActive, player, usePlayer, type PlayerStatus } from '../../lib/player/player';
import { useSettings } from '../settings/api';
import { currentTenant } from '../../lib/tenant';
import { useTheme } from '../../lib/theme';
import { useAfterLoad } from '../../lib/use-after-load';
import { RequestSongButton } from '../requests/request-song-button';
import { useDeferredMount } from '../../lib/use-deferred-mount';
import { useNearViewport } from '../../lib/use-near-viewport';
import { STILL_DRAWING_ATTRIBUTE, useStillDrawing } from '../../lib/page-drawing';
import { claimTaps } from '../../lib/player/first-tap/first-tap';
import { playedTime } from './played-time';

export const RECENTLY_PLAYED_COUNT = 3;

// Listen Again's latest episodes: a chunk of its own, with its data, asked for only when the
// section comes into view: a first visit to / spends nothing on it (docs/performance.md).
const ListenAgainSection = lazy(() => import('../episodes/listen-again-section'));
// Our live chat (docs/product.md "Live chat"), fetched only where it shows.
const ChatRoom = lazy(() => import('../chat/chat-room'));
// The requested song on air (docs/product.md "Requests"): loaded only when one is, so the first
// visit stays within its budget at the wire (docs/performance.md).
const OnAirRequest = lazy(() => import('../requests/on-air-request').then((m) => ({ default: m.OnAirRequest })));

function ListenAgainWhenSeen() {
  const [ref, near] = useNearViewport<HTMLDivElement>('0px');
  return (
    <div ref={ref} className="listen-again-slot">
      {near && (
        <Suspense fallback={null}>
          <ListenAgainSection />
        </Suspense>
      )}
    </div>
  );
}

// The recorder loads only where it is used: on this page, when the station takes shoutouts.
// Its chunk is asked for with the page's data (loadShoutoutForm in the route's loader), and on
// a first visit once the page has loaded: the first screen's bytes come first, and what a first
// visit sends before its load event no longer depends on how fast the app started (issue 29,
// docs/performance.md "The first visit at the wire").
const afterPageLoad = (): Promise<void> =>
  new Promise((resolve) => {
    if (typeof document === 'undefined' || document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });

let shoutoutForm: Promise<ComponentType | null> | null = null;
export function loadShoutoutForm(): Promise<ComponentType | null> {
  // A chunk that cannot arrive (a dead zone on a first visit) leaves the page without the
  // form rather than without the rest; a later visit asks again.
  shoutoutForm ??= afterPageLoad()
    .then(() => import('../shoutouts/shoutout-form'))
    .then(
      (m) => m.default,
      () => {
        shoutoutForm = null;
        return null;
      },
    );
  return shoutoutForm;
}

/**
 * The shoutout form once its chunk has arrived (undefined until then, null if it could not or
 * is not wanted). The page's lower part waits for it, so the form never appears above it and
 * pushes it down (a layout shift: docs/performance.md). Always undefined on the server and
 * while the browser hydrates the server's page (an effect sets it): the server renders the
 * first screen only (docs/server-render.md), and the lower part then comes in a background
 * render.
 */
function useShoutoutForm(wanted: boolean): ComponentType | null | undefined {
  const [form, setForm] = useState<{ c: ComponentType | null; wanted: boolean } | undefined>();
  useEffect(() => {
    let live = true;
    const found = (c: ComponentType | null) => live && startTransition(() => setForm({ c, wanted }));
    if (wanted) void loadShoutoutForm().then(found);
    else found(null);
    return () => {
      live = false;
    };
  }, [wanted]);
  return form?.wanted === wanted ? form.c : undefined;
}

/** docs/api.md#routes: the station's own now-playing and recent-tracks scripts load after 1 s (watzhott) or 1.5 s (caribbean). */
export const EMBED_DELAY_MS = { watzhott: 1000, caribbean: 1500 } as const;

/** An admin embed that waits before loading, so the page's own content paints first. */
function DeferredEmbed({ delayMs, ...props }: { name: EmbedName; html: string; title: string; delayMs: number }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return ready ? <EmbedFrame {...props} height={160} /> : null;
}

export function RadioPage() {
  const settings = useSettings();
  const np = useNowPlaying();
  const [lowData, setLowData] = useLowData();
  const [theme, setTheme] = useTheme();
  const s = settings.data;
  const recent = np.data?.history.slice(0, RECENTLY_PLAYED_COUNT) ?? [];
  const embedDelay = EMBED_DELAY_MS[currentTenant()];
  // The station first; the rest of the page in a second, background render, once the
  // shoutout form (when the station takes shoutouts) can come with it.
  const ShoutoutForm = useShoutoutForm(!!s?.enableShoutouts);
  const restReady = useDeferredMount() && !settings.isPending && ShoutoutForm !== undefined;
  const chatMayMount = useAfterLoad();
  useStillDrawing(!restReady);

  return (
    <div className="radio-page" {...(restReady ? {} : { [STILL_DRAWING_ATTRIBUTE]: '' })}>
      <OnAir />
      {restReady && ShoutoutForm && <ShoutoutForm />}
      {restReady && <AdSlot slot="leaderboard" />}
      {restReady && (
        <div className="radio-layout">
          <div className="radio-main">
            <article aria-labelledby="recent-heading">
              <h2 id="recent-heading">Recently Played</h2>
              {recent.length === 0 ? (
                <p className="muted">Nothing played yet.</p>
              ) : (
                <ol className="recent-list">
                  {recent.map((song) => (
                    <li key={`${song.playedAt}-${song.title}`}>
                      <strong>{song.title}</strong> <span>{song.artist}</span> <time dateTime={song.playedAt}>{playedTime(song.playedAt)}</time>
                    </li>
                  ))}
                </ol>
              )}
              {s?.nowPlayingEmbed ? <DeferredEmbed name="now-playing" html={s.nowPlayingEmbed} title="Station now playing" delayMs={embedDelay} /> : null}
              {s?.recentlyPlayedEmbed ? (
                <DeferredEmbed name="recently-played" html={s.recentlyPlayedEmbed} title="Station recently played" delayMs={embedDelay} />
              ) : null}
            </article>

            <ListenAgainWhenSeen />

            {s?.radioHtmlEmbed ? (
              <article aria-labelledby="station-player-heading">
                <h2 id="station-player-heading">Station Player</h2>
                <EmbedFrame name="radio" html={s.radioHtmlEmbed} title="Radio player" height={140} whenNear />
              </article>
            ) : null}

            <AdSlot slot="infeed" />

            <article aria-labelledby="chat-heading">
              <h2 id="chat-heading">Live Chat</h2>
              {s?.chatweeEmbed ? (
                <EmbedFrame name="chat" html={s.chatweeEmbed} title="Live chat" height={360} whenNear />
              ) : s?.enableChat ? (
                // After the load event (lib/use-after-load.ts): the room's chunk and styles are
                // not the first visit's, whatever the race between hydration and load.
                chatMayMount && (
                  <Suspense fallback={null}>
                    <ChatRoom lowData={lowData} />
                  </Suspense>
                )
              ) : (
                <p className="muted">Live chat is coming soon.</p>
              )}
            </article>
          </div>
          <aside className="radio-side">
            <AdSlot slot="sidebar" />
            <article className="listening-options" aria-label="Listening options">
              {(s?.enableLowData ?? true) && (
                <>
                  <label>
                    <input type="checkbox" role="switch" checked={lowData} onChange={(e) => setLowData(e.target.checked)} />
                    Low Data Mode
                  </label>
                  <small className="muted">Turns off images, embeds and video to save your data.</small>
                </>
              )}
              <label>
                <input type="checkbox" role="switch" checked={theme === 'dark'} onChange={(e) => setTheme(e.target.checked ? 'dark' : 'light')} />
                Dark theme
              </label>
              <small className="muted">Easier on the eyes at night. Follows your phone until you choose.</small>
            </article>
          </aside>
        </div>
      )}
    </div>
  );
}

const PLAYER_STATE: Partial<Record<PlayerStatus, string>> = {
  connecting: 'Connecting…',
  reconnecting: 'Reconnecting…',
  playing: 'On air now',
};

/**
 * The first screen of the radio page (issue 14): the station's artwork, what is on air (title,
 * artist, show), one big play button with the player's state, and the listener count when
 * the source gives one.
 */
function OnAir() {
  const settings = useSettings();
  const np = useNowPlaying();
  // The on-air request line mounts after the load event (lib/use-after-load.ts): its chunk is not the first visit's.
  const afterLoad = useAfterLoad();
  const state = usePlayer();
  const [lowData] = useLowData();
  const s = settings.data;
  const tenant = currentTenant();
  const stream = (lowData && s?.lowDataStreamUrl) || s?.streamUrl || '';
  // An artist's track in the player is not the live stream: the big button switches to it.
  const active = isActive(state.status) && state.index < 0;
  const song = np.data?.nowPlaying;
  const art = song?.art || s?.logoUrl || builtInLogoUrl(tenant);
  const show = np.data?.show;
  const stateText = PLAYER_STATE[state.status];

  return (
    <section className="radio-hero" aria-label="On air">
      {lowData ? (
        <div className="hero-art" aria-hidden="true">
          <Radio size={72} />
        </div>
      ) : art === builtInLogoUrl(tenant) ? (
        <BuiltInLogo tenant={tenant} size={220} className="hero-art" />
      ) : (
        <img className="hero-art" src={art} alt="" width={220} height={220} fetchPriority="high" />
      )}
      <div className="hero-body">
        <h1 className="hero-station">
          <span className="live-badge">LIVE</span> {s?.displayName ?? 'Live Radio'}
        </h1>
        <h2 className="hero-label">Now Playing</h2>
        {np.isPending ? (
          <p className="hero-title" data-testid="on-air-title" aria-busy="true">
            Loading…
          </p>
        ) : song ? (
          <>
            <p className="hero-title" data-testid="on-air-title">
              {song.title}
            </p>
            <p className="hero-artist">{song.artist}</p>
          </>
        ) : (
          <p className="hero-title" data-testid="on-air-title">
            Now playing is unavailable right now.
          </p>
        )}
        {show && show !== song?.title && (
          <p className="hero-show">
            <Mic size={16} /> {show}
          </p>
        )}
        {afterLoad && np.data?.request && (
          <Suspense fallback={null}>
            <OnAirRequest np={np.data} />
          </Suspense>
        )}
        <div className="hero-controls">
          {/* On the server's page it plays before the app has started: data-stream is the page's
              first-tap script's (app/lib/player/first-tap/first-tap.ts), until the app claims the button. */}
          <button type="button" className="hero-play" ref={claimTaps} data-stream={stream || undefined} onClick={() => player.toggle(stream)} disabled={!stream} aria-pressed={active}>
            {active ? <Pause size={26} fill="currentColor" /> : <Play size={26} fill="currentColor" />}
            {active ? 'Pause' : 'Listen Live'}
          </button>
          {state.status === 'failed' ? (
            <span className="hero-state" role="alert">
              Stream lost{' '}
              <button type="button" onClick={() => player.play(stream)}>
                Retry
              </button>
            </span>
          ) : stateText ? (
            <span className="hero-state" role="status">
              {stateText}
            </span>
          ) : null}
          {np.data?.listeners != null && (
            <span className="hero-listeners">
              <Users size={18} /> {np.data.listeners} listening
            </span>
          )}
        </div>
        {!stream && settings.isSuccess && <p className="hero-artist">The stream is being set up.</p>}
        {s?.enableRequests && <RequestSongButton />}
      </div>
    </section>
  );
}
