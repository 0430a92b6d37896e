// Kill switch for a broken service worker (docs/setup.md, "Retiring a broken service worker").
// Deployed in place of sw.js, it takes over at once, deletes every cache, unregisters
// itself and reloads open pages, which then load straight from the network.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keys = await caches.keys();
      await Promise.all(keys.map((k) => caches.delete(k)));
      await self.registration.unregister();
      const clients = await self.clients.matchAll({ type: 'window' });
      for (const client of clients) client.navigate(client.url);
    })(),
  );
});
