import type { Page } from '@playwright/test';
import { admin, caribbean, expect, test, unique, workerInControl } from './fixtures';

// Show reminders (docs/product.md "Reminders"), with the real service worker (the 'pwa'
// project) against the real server. No push service can be reached here, so a push is handed
// to the worker the way DevTools does (ServiceWorker.deliverPushMessage): the worker's real
// push handler shows it. Where a tap on the notification goes is the worker's click handler,
// tested in sw/push.test.ts: a system notification cannot be clicked from a test.

/** Delivers `data` to the page's service worker as a push message, through the DevTools protocol. */
async function deliverPush(page: Page, data: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const reg = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL.startsWith(new URL(page.url()).origin) && !r.isDeleted);
      if (reg) resolve(reg.registrationId as string);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(page.url()).origin, registrationId: await registrationId, data });
}

type ShownNotification = { title: string; body: string; icon: string; badge: string; tag: string; data: { url?: string } };

const shownNotifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, icon: n.icon, badge: n.badge, tag: n.tag, data: n.data as { url?: string } })),
  );

test('a reminder push is shown as a notification with the show, the station icon and badge', async ({ page, context, request, baseURL }) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const title = unique('Reminder Show');
  const created = await request.post(caribbean('/api/shows'), { headers: admin, data: { title, description: 'Praise and worship', startTime: '19:00', endTime: '20:00', days: ['Sunday'] } });
  expect(created.status()).toBe(201);
  const show = (await created.json()) as { id: string };
  try {
    await page.goto(caribbean('/schedule'));
    await workerInControl(page);
    // The card's button and the box's, once the app runs (never in the server's HTML).
    const card = page.getByTestId('show-card').filter({ hasText: title }).first();
    await expect(card.getByRole('button', { name: /^Remind me\s*: Reminder Show/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Remind me\s*: every show$/ })).toBeVisible();
    // Headless Chromium has no push service: subscribing fails, and the listener is told why
    // on that card alone, the button back to 'Remind me' to try again.
    await card.getByRole('button', { name: /^Remind me/ }).click();
    await expect(card.getByRole('alert')).toHaveText(/^Could not set the reminder: .+/);
    await expect(card.getByRole('button', { name: /^Remind me/ })).toBeEnabled();
    await expect(page.getByRole('alert')).toHaveCount(1);

    const payload = { title: `${title} starts in 10 minutes`, body: 'Praise and worship', url: `${baseURL}/?tenant=caribbean`, showId: show.id, startsAt: '2026-11-29T23:00:00.000Z' };
    await deliverPush(page, JSON.stringify(payload));
    await expect.poll(() => shownNotifications(page)).toEqual([
      {
        title: `${title} starts in 10 minutes`,
        body: 'Praise and worship',
        icon: `${baseURL}/icons/caribbean-192.png`,
        badge: `${baseURL}/icons/caribbean-badge.png`,
        tag: `reminder-${show.id}-2026-11-29T23:00:00.000Z`,
        data: { url: `${baseURL}/?tenant=caribbean` },
      },
    ]);
    // Both are served (the badge is left out of the precache: a push arrives over the network,
    // so the badge can be fetched then, and the first visit's settled bytes stay in budget).
    for (const icon of ['caribbean-192.png', 'caribbean-badge.png']) {
      const res = await request.get(`/icons/${icon}`);
      expect(res.status(), icon).toBe(200);
      expect(res.headers()['content-type'], icon).toBe('image/png');
    }
  } finally {
    await request.delete(caribbean(`/api/shows/${show.id}`), { headers: admin });
  }
});

test('a refused permission says why on the button, and the .ics stays', async ({ page }) => {
  await page.goto('/schedule');
  await workerInControl(page);
  // Chromium answers 'denied' to a page that asks without a granted permission in a headless
  // run: the tap asks, is refused, and every reminder button becomes the reason.
  const first = page.getByRole('button', { name: /^Remind me\s*:/ }).first();
  await first.click();
  await expect(page.getByText('Notifications are blocked for this site: allow them in your browser settings to get reminders').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Remind me\s*:/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Download .ics' })).toBeVisible();
});
