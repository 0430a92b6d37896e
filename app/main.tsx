import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { AppTree } from './app-tree';
import { watchConnection } from './lib/offline/connection';
import { registerServiceWorker } from './lib/pwa/service-worker';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { loadServerPage, setRenderingWholePage, setServerSignedIn, type ServerData } from './lib/server-render';
import { setHydratingPage } from './lib/use-hydrated';
import { setNowPlayingEtag } from './features/radio/api';
import { startSteps } from './lib/player/first-tap/first-tap';
import { player } from './lib/player/player';
import { appListens } from './lib/player/first-tap/taps-later';
import { SERVER_DATA_ID } from '../domain/server-render';
import { writesEnUs } from './lib/en-us-format';
import { whenLoadedAndIdle } from './lib/when-idle';
import './styles.css';

/**
 * A new task: the start runs in steps (the query client, the router, the first render), so a
 * low-tier phone is not blocked for all of it at once right after index.html's shell has
 * painted (issue 15, docs/performance.md). A message, not setTimeout, which background tabs
 * slow to once a second.
 */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

async function start() {
  // Each step waits, besides, while the stream the listener's first tap started connects.
  const nextStep = startSteps(player, nextTask);
  // Before anything else: a page opened offline starts paused (the queue waits, the indicator
  // shows), and a connection lost while the first screen loads is heard.
  watchConnection();
  // A listener whose locale is not en-US has the app's dates written by Intl on the page, and
  // the first formatter would set ICU up there, after the hydration: the dates worker sets it
  // up meanwhile, off the main thread (docs/performance.md, "ICU set-up off the page").
  if (!writesEnUs()) void import('./lib/device-time-zone').then(({ warmUpDeviceTimeZone }) => warmUpDeviceTimeZone());
  const queryClient = createQueryClient();
  // A page the server rendered (docs/server-render.md) carries the data it was rendered with:
  // as new as the page, whatever the phone's clock says.
  // A page the worker kept from an earlier visit (app/lib/pwa/kept-page.ts) carries that
  // visit's data: the page is hydrated with it, as it was drawn, and it is fetched again once
  // the page has loaded and the phone is idle (below).
  const serverData = document.getElementById(SERVER_DATA_ID);
  if (serverData) {
    const { state, nowPlayingEtag, signedIn } = JSON.parse(serverData.textContent ?? '{}') as ServerData;
    // An admin page rendered for its signed-in person is hydrated as them (admin-session.ts).
    if (signedIn) setServerSignedIn(signedIn);
    const now = Date.now();
    for (const query of state.queries) query.state.dataUpdatedAt = now;
    hydrate(queryClient, state);
    // The stream then starts from the answer the page came with (app/features/radio/api.ts).
    if (nowPlayingEtag) setNowPlayingEtag(nowPlayingEtag);
  }
  await nextStep();
  const router = createAppRouter(queryClient, undefined, Boolean(serverData));
  // The server's render of the router's matches has no Suspense boundary at the root; the
  // browser's must be the same to hydrate it (TanStack Router's own SSR mode sets this).
  if (serverData) router.ssr = { manifest: undefined };
  await nextStep();
  // The first screen's route chunk and data before the first render: a router or query store
  // that changes while React renders the first screen makes React redo it synchronously, as
  // one long task (docs/performance.md). A slow network holds the shell for 1.5 s at most; a
  // server-rendered page has its data, and must be hydrated as it was rendered.
  const loaded = serverData ? loadServerPage(() => router.load()) : Promise.race([router.load(), new Promise((resolve) => setTimeout(resolve, 1500))]);
  // React DOM's renderer is the largest module of the framework chunk: evaluated here, in a
  // task of its own while the route's data is on its way, not in the one long task that
  // evaluates the entry's imports (issue 15, docs/performance.md).
  await nextStep();
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  await loaded;
  // A stream the listener started before the app hydrated (the page's first tap, or the
  // player's when its module ran first) starts playing first: hydration's long tasks on a slow
  // phone held the audio element's start (issues 29 and 43).
  await nextStep();

  // A transition, so React renders the first screen in small slices that let the phone answer
  // a tap, instead of one long task (issue 7: total blocking time on a slow CPU). index.html's
  // shell, or the server's page, stays painted until the app has rendered or hydrated it.
  const container = document.getElementById('root')!;
  if (serverData) {
    // The whole first page is hydrated as the server drew it, its lazy parts included (they
    // hydrate after the first commit); pages the listener goes on to are drawn in steps again.
    setRenderingWholePage(true);
    setHydratingPage(true);
    const stop = router.history.subscribe(() => {
      setRenderingWholePage(false);
      stop();
    });
    startTransition(() => void hydrateRoot(container, <AppTree queryClient={queryClient} router={router} />));
    // React listens from here: taps the page's script held on buttons nobody marked are React's now.
    appListens();
  } else {
    const root = createRoot(container);
    startTransition(() => root.render(<AppTree queryClient={queryClient} router={router} />));
  }

  void registerServiceWorker();

  // Dexie and the persister stay off the first screen's path (issue 7): online, they load once
  // the page has loaded and the phone is idle; offline, at once, because then the saved
  // answers and the queued writes are all the page has.
  // Each outbox's sender is registered before the saved queue is restored (app/outboxes.ts).
  const startPersistence = () =>
    void Promise.all([import('./outboxes'), import('./lib/offline/persist-cache')]).then(([{ registerOutboxes }, { startPersistence }]) => {
      registerOutboxes(queryClient);
      return startPersistence(queryClient, __BUILD_ID__);
    });
  if (!navigator.onLine) startPersistence();
  else whenLoadedAndIdle(startPersistence);
  // The next visit paints this page from the worker, at once and working, also when this one
  // came as the shell; none with Low Data Mode on, also when the phone's Save-Data turned it on.
  // A kept page's data is fetched again after hydration: an answer that came during it would
  // draw what the page did not (app/lib/pwa/kept-page.ts, sw/kept-pages.ts).
  whenLoadedAndIdle(() => void import('./lib/pwa/kept-page').then((kept) => kept.afterStart(queryClient)));
}

// Only where there is a page: the service worker's first install evaluates this module once in
// a worker, to make V8's code cache for the next visit (app/lib/pwa/code-cache.ts).
if (typeof document !== 'undefined') void start();
