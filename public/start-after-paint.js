// The app's start on a page the server rendered (docs/server-render.md): the page is already
// there to read, so the app's scripts (already fetching, named by modulepreload links) are run
// once the browser has painted it, never before. Left to the browser, a module script runs as
// soon as the HTML is parsed, which on a fast connection can be before the first paint: the
// page would wait for the app to evaluate before it shows (issue 15).
const app = document.querySelector('script[data-app]').dataset.app;
const start = () => import(app);
if (document.visibilityState === 'hidden') start();
else
  requestAnimationFrame(() => {
    // Called just before the frame paints: a message runs after it.
    const channel = new MessageChannel();
    channel.port1.onmessage = start;
    channel.port2.postMessage(null);
  });
