import { lazy, Suspense, useEffect, useState } from 'react';
import type { EmbedName } from '../../../domain/embeds';
import { AdSlot } from '../../components/ad-slot';
import { EmbedFrame } from '../../components/embed-frame';
import { useLowData } from '../../lib/low-data';
import { useNowPlaying } from '../../api/np';
import { isActive, player, usePlayer } from '../../lib/player/player';
import { useSettings } from '../../api/settings';
import { currentTenant } from '../../lib/tenant';
import { useDeferredMount } from '../../lib/use-deferred-mount';
import { playedTime } from './played-time';

export const RECENTLY_PLAYED_COUNT = 3;

// The recorder loads only where it is used: on this page, when the station takes shoutouts.
const ShoutoutForm = lazy(() => import('./shoutout-form'));

/** spec.md §7: the station's own now-playing and recent-tracks scripts load after 1 s (watzhott) or 1.5 s (caribbean). */
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
  const state = usePlayer();
  const [lowData, setLowData] = useLowData();
  const s = settings.data;
  const stream = (lowData && s?.lowDataStreamUrl) || s?.streamUrl || '';
  // An artist's track in the player is not the live stream: Listen Live switches to it.
  const playing = isActive(state.status) && state.index < 0;
  const recent = np.data?.history.slice(0, RECENTLY_PLAYED_COUNT) ?? [];
  const embedDelay = EMBED_DELAY_MS[currentTenant()];
  // The player and now playing first; the rest of the page in a second, background render.
  const restReady = useDeferredMount();

  return (
    <div className="radio-page">
      <AdSlot slot="leaderboard" />
      <div className="radio-layout">
        <div className="radio-main">
          <article className="live-player">
            <header>
              <span className="live-badge">LIVE</span> <h1 className="inline">{s?.displayName ?? 'Live Radio'}</h1>
            </header>
            {s?.radioHtmlEmbed ? <EmbedFrame name="radio" html={s.radioHtmlEmbed} title="Radio player" height={140} /> : null}
            <div className="plain-player">
              <button type="button" onClick={() => player.toggle(stream)} disabled={!stream} aria-pressed={playing}>
                {playing ? 'Pause' : 'Listen Live'}
              </button>
              {!stream && settings.isSuccess && <p className="muted">The stream is being set up.</p>}
            </div>
          </article>

          <article aria-labelledby="now-playing-heading">
            <h2 id="now-playing-heading">Now Playing</h2>
            {np.isPending ? (
              <p aria-busy="true">Loading…</p>
            ) : np.data ? (
              <div className="now-playing">
                {!lowData && np.data.nowPlaying.art && <img src={np.data.nowPlaying.art} alt="" width={72} height={72} />}
                <div>
                  <strong>{np.data.nowPlaying.title}</strong>
                  <p>{np.data.nowPlaying.artist}</p>
                </div>
              </div>
            ) : (
              <p>Now playing is unavailable right now.</p>
            )}
            {s?.nowPlayingEmbed ? <DeferredEmbed name="now-playing" html={s.nowPlayingEmbed} title="Station now playing" delayMs={embedDelay} /> : null}
          </article>

          {restReady && (
            <>
              <article aria-labelledby="recent-heading">
                <h2 id="recent-heading">Recently Played</h2>
                {recent.length === 0 ? (
                  <p className="muted">Nothing played yet.</p>
                ) : (
                  <ol className="recent-list">
                    {recent.map((song) => (
                      <li key={`${song.playedAt}-${song.title}`}>
                        <strong>{song.title}</strong> <span>{song.artist}</span>{' '}
                        <time dateTime={song.playedAt}>{playedTime(song.playedAt)}</time>
                      </li>
                    ))}
                  </ol>
                )}
                {s?.recentlyPlayedEmbed ? (
                  <DeferredEmbed name="recently-played" html={s.recentlyPlayedEmbed} title="Station recently played" delayMs={embedDelay} />
                ) : null}
              </article>

              {s?.enableShoutouts && (
                <Suspense fallback={<p aria-busy="true">Loading shoutouts…</p>}>
                  <ShoutoutForm />
                </Suspense>
              )}

              <AdSlot slot="infeed" />

              <article aria-labelledby="chat-heading">
                <h2 id="chat-heading">Live Chat</h2>
                {s?.chatweeEmbed ? <EmbedFrame name="chat" html={s.chatweeEmbed} title="Live chat" height={360} /> : <p className="muted">Live chat is coming soon.</p>}
              </article>
            </>
          )}
        </div>
        <aside className="radio-side">
          {restReady && (
            <>
              <AdSlot slot="sidebar" />
              {(s?.enableLowData ?? true) && (
                <article>
                  <label>
                    <input type="checkbox" role="switch" checked={lowData} onChange={(e) => setLowData(e.target.checked)} />
                    Low Data Mode
                  </label>
                  <small className="muted">Turns off images, embeds and video to save your data.</small>
                </article>
              )}
            </>
          )}
        </aside>
      </div>
    </div>
  );
}
