// The app's start on a page the server rendered (docs/server-render.md): the page is already
// there to read, so the app's scripts (already fetching, named by modulepreload links) are run
// once the browser has painted it, never before. Left to the browser, a module script runs as
// soon as the HTML is parsed, which on a fast connection can be before the first paint: the
// page would wait for the app to evaluate before it shows (issue 15).
//
// The entry's own imports are evaluated first, one per task, in the order the page names them
// (dependencies first), and the entry last: imported together, the whole graph (React, the
// router, Query and the app's shared modules) evaluated in one task that a low-tier phone
// could not answer a tap during (docs/performance.md, "The app's modules evaluated in steps").
const app = document.querySelector('script[data-app]').dataset.app;
const parts = Array.from(document.querySelectorAll('link[rel="modulepreload"]'), (link) => link.getAttribute('href')).filter((href) => href !== app);

/** A new task: a message, not setTimeout, which background tabs slow to once a second. */
const nextTask = () =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

const start = async () => {
  for (const part of parts) {
    // A part that fails to load is the entry's to report: it imports it again.
    await import(part).catch(() => {});
    await nextTask();
  }
  return import(app);
};

if (document.visibilityState === 'hidden') start();
else
  requestAnimationFrame(() => {
    // Called just before the frame paints: a message runs after it.
    const channel = new MessageChannel();
    channel.port1.onmessage = start;
    channel.port2.postMessage(null);
  });
