// In the head of every page the server renders, in place of the app's entry script (the server's
// render puts it there; issue 43, docs/server-render.md "What the page carries", docs/performance.md
// "Time to first sound"). The entry is only preloaded (`<link rel="modulepreload" data-app-entry>`): fetched and
// compiled as before, but evaluated once the page is parsed and has painted, and not while the
// stream a tap started before the app still connects (`data-first-tap`, ../player/first-tap/).
// The entry's evaluation is the page's longest task: run where a module script runs, between
// the parse and the first frame, it held a repeat visit's first paint, and after it the tap's
// audio element, which needs the main thread to open its source and start. The page works
// before the app does (its first-tap script, links and forms: docs/server-render.md).
import { FIRST_TAP_ATTRIBUTE, FIRST_TAP_WAIT_MS } from '../player/first-tap/first-tap';

const root = document.documentElement;

/** The page's HTML parsed, as a module script would wait for it. */
const parsed = (): Promise<unknown> =>
  new Promise((resolve) => (document.readyState === 'loading' ? document.addEventListener('DOMContentLoaded', resolve, { once: true }) : resolve(0)));

/**
 * The first frame painted: a task after the frame's callbacks. A hidden page paints no frame
 * (a tab opened in the background): it starts at once.
 */
const painted = (): Promise<unknown> =>
  new Promise((resolve) => {
    if (document.visibilityState === 'hidden') return resolve(0);
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = resolve;
      channel.port2.postMessage(0);
    });
  });

/**
 * Once the first tap's stream has begun to play or failed, or FIRST_TAP_WAIT_MS after the tap
 * (the app's own steps count from it too); at once when none connects.
 */
const connected = (): Promise<unknown> =>
  new Promise((resolve) => {
    const connecting = () => root.getAttribute(FIRST_TAP_ATTRIBUTE) == 'connecting';
    if (!connecting()) return resolve(0);
    const tapped = window.__firstTap?.at ?? performance.now();
    const observer = new MutationObserver(() => connecting() || done());
    const timer = setTimeout(done, tapped + FIRST_TAP_WAIT_MS - performance.now());
    observer.observe(root, { attributes: true, attributeFilter: [FIRST_TAP_ATTRIBUTE] });
    function done() {
      clearTimeout(timer);
      observer.disconnect();
      resolve(0);
    }
  });

void parsed()
  .then(painted)
  .then(connected)
  .then(() => {
    // A module script like the one the shell carries (its fetch is the preload's), not `import()`,
    // which the page scripts' ES2017 target does not have.
    const entry = document.querySelector<HTMLLinkElement>('link[rel=modulepreload][data-app-entry]');
    if (!entry) return;
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry.href;
    document.head.append(script);
  });
