// Preloaded (node --expose-gc --require …) into the server by the reliability runner only:
// answers { type: 'memory' } messages on the IPC channel with process.memoryUsage(), taken
// after two full collections when asked. No route, nothing in the server's own code.
'use strict';
if (typeof process.send === 'function') {
  process.on('message', (msg) => {
    if (!msg || msg.type !== 'memory') return;
    const t0 = performance.now();
    if (msg.gc && typeof globalThis.gc === 'function') {
      globalThis.gc();
      globalThis.gc();
    }
    const gcMs = performance.now() - t0;
    process.send({ type: 'memory', id: msg.id, gc: Boolean(msg.gc && globalThis.gc), gcMs, ...process.memoryUsage() });
  });
  // The channel must not keep the server alive once it has closed everything else.
  process.channel?.unref();
}
