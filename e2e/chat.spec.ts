import type { Page } from '@playwright/test';
import { changeSettings, expect, expectNoSideways, openAdminOnPhone, test, unique, setLowDataMode } from './fixtures';

// Our live chat on the radio page (docs/product.md "Live chat"), at 375 px (the phone project).

const chat = (page: Page) => page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Live Chat' }) });

async function openRadio(page: Page): Promise<void> {
  await page.goto('/');
  await expect(chat(page).getByRole('button', { name: 'Send' })).toBeVisible();
}

async function say(page: Page, text: string, name?: string): Promise<void> {
  const room = chat(page);
  if (name) await room.getByRole('textbox', { name: 'Your name' }).fill(name);
  await room.getByRole('textbox', { name: 'Message' }).fill(text);
  await room.getByRole('button', { name: 'Send' }).click();
}

test.describe('live chat', () => {
  let restore: (() => Promise<void>) | null = null;
  test.beforeEach(async ({ request }) => {
    restore = await changeSettings(request, { enableChat: true, chatweeEmbed: '', chatSlowModeSeconds: 0 });
  });
  test.afterEach(async () => {
    await restore?.();
  });

  test('a message the stream brings before its send has answered shows once, not also as waiting', async ({ page }) => {
    await openRadio(page);
    // The send's answer is held back until the stream has brought the message.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/chat/messages', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const response = await route.fetch();
      await released;
      await route.fulfill({ response });
    });
    const text = unique('Blessings from Kingston');
    await say(page, text, 'Bea');
    await expect(chat(page).locator('li:not(.chat-pending)').getByText(text)).toBeVisible({ timeout: 10_000 });
    await expect(chat(page).getByText(text)).toHaveCount(1);
    await expect(chat(page).getByText('Sending…')).toHaveCount(0);
    release();
    await expect(chat(page).getByText(text)).toHaveCount(1);
  });

  test('a listener sends a message, another page sees it live; a link is refused with the reason', async ({ page, context }) => {
    await openRadio(page);
    const other = await context.newPage();
    await other.setViewportSize({ width: 375, height: 740 });
    await openRadio(other);
    const text = unique('Greetings from Linden');
    await say(page, text, 'Ann');
    await expect(chat(page).getByText(text)).toBeVisible();
    // The second page has no reload: the event stream brings it.
    await expect(chat(other).getByText(text)).toBeVisible({ timeout: 5_000 });
    // The name was picked once: it is not asked again.
    await expect(chat(page).getByRole('textbox', { name: 'Your name' })).toHaveCount(0);
    await expect(chat(page).getByText('Chatting as')).toContainText('Ann');

    await say(page, 'check out spam.com today');
    await expect(chat(page).getByRole('alert')).toHaveText('Links are not allowed in the chat');
    await expect(chat(page).getByRole('textbox', { name: 'Message' })).toHaveValue('check out spam.com today');
    await expectNoSideways(page);
  });

  test('a moderator hides a message and it disappears from the other page', async ({ page, context }) => {
    const listener = await context.newPage();
    await listener.setViewportSize({ width: 375, height: 740 });
    await openRadio(listener);
    const text = unique('to be hidden');
    await say(listener, text, 'Troll');
    await expect(chat(listener).getByText(text)).toBeVisible({ timeout: 15_000 });

    // The moderator signs in on the admin, then opens the radio page in the same tab.
    await openAdminOnPhone(page, '/admin/moderation', 'Access Moderation');
    await openRadio(page);
    const line = chat(page).getByRole('listitem').filter({ hasText: text });
    await expect(line.getByRole('button', { name: 'Mute for 24 hours' })).toBeVisible();
    await expect(line.getByRole('button', { name: 'Pin' })).toBeVisible();
    await line.getByRole('button', { name: 'Hide' }).focus();
    await page.keyboard.press('Enter');
    await expect(chat(page).getByText(text)).toHaveCount(0);
    await expect(chat(listener).getByText(text)).toHaveCount(0, { timeout: 2_000 });
    // Listeners see Report only.
    await expect(chat(listener).getByRole('button', { name: 'Hide' })).toHaveCount(0);
  });

  test("Low Data Mode keeps the chat closed behind 'Open chat'", async ({ page }) => {
    await page.goto('/');
    await setLowDataMode(page, true);
    const events: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/chat/')) events.push(r.url());
    });
    await page.reload();
    const open = chat(page).getByRole('button', { name: 'Open chat' });
    await expect(open).toBeVisible();
    await expect(chat(page).getByRole('button', { name: 'Send' })).toHaveCount(0);
    expect(events).toEqual([]);
    await open.click();
    await expect(chat(page).getByRole('button', { name: 'Send' })).toBeVisible();
    await setLowDataMode(page, false);
  });

  // The outbox does not depend on the screen's size (e2e/playwright.config.ts, PHONE_ONLY).
  test("a message typed offline shows 'Sending…', then is delivered once when back", { tag: '@phone-only' }, async ({ page, context, request }) => {
    await openRadio(page);
    // The page's sections on the way to the chat load as they come into view (Listen Again,
    // after the load event, later on a busy machine); offline only once they have. A jump
    // straight to the chat's fields can pass its place without it ever being in view.
    await page.locator('.listen-again-slot').scrollIntoViewIfNeeded();
    await expect(page.getByRole('heading', { name: 'Listen Again' })).toBeVisible({ timeout: 15_000 });
    const text = unique('typed on the bus');
    const room = chat(page);
    await room.getByRole('textbox', { name: 'Your name' }).fill('Bus rider');
    await room.getByRole('textbox', { name: 'Message' }).fill(text);
    await context.setOffline(true);
    await room.getByRole('button', { name: 'Send' }).click();
    const pending = chat(page).locator('li.chat-pending').filter({ hasText: text });
    await expect(pending).toContainText('Sending…');
    await context.setOffline(false);
    // Delivered: the room shows it (its event may come a moment before the outbox lets go of the
    // waiting line), and the waiting line goes.
    await expect(chat(page).getByRole('listitem').filter({ hasText: text }).filter({ hasNotText: 'Sending…' })).toHaveCount(1, { timeout: 15_000 });
    await expect(pending).toHaveCount(0, { timeout: 15_000 });
    await expect
      .poll(async () => ((await (await request.get('/api/chat/messages')).json()) as { text: string }[]).filter((m) => m.text === text).length, { timeout: 10_000 })
      .toBe(1);
  });
});
