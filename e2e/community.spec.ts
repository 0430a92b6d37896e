import type { APIRequestContext, Page } from '@playwright/test';
import { admin, caribbean, expect, expectNoSideways, test, toast, unique } from './fixtures';

interface PrayerRow {
  id: string;
  text: string;
  hearts: number;
  approved: boolean;
}

/** A prayer of our own, so the test never depends on what other specs did to the demo ones. */
async function createPrayer(request: APIRequestContext, text: string, opts: { name?: string; approved: boolean }): Promise<string> {
  const res = await request.post(caribbean('/api/prayers'), { data: { text, ...(opts.name ? { nameOptional: opts.name } : {}) } });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as PrayerRow;
  if (opts.approved) {
    const ok = await request.patch(caribbean(`/api/prayers/${id}`), { headers: admin, data: { approved: true } });
    expect(ok.status()).toBe(200);
  }
  return id;
}

/** PUT /api/settings takes the whole object: read it with the key, merge, send it back. */
async function changeSettings(request: APIRequestContext, url: (p: string) => string, patch: Record<string, unknown>) {
  const res = await request.get(url('/api/settings'), { headers: admin });
  expect(res.ok()).toBe(true);
  const { tenant: _tenant, ...stored } = (await res.json()) as Record<string, unknown>;
  // A database that never saved its settings answers defaults with no stream: PUT needs the
  // whole object valid, so those two get stand-ins (the demo seed sets both anyway).
  const current = {
    ...stored,
    streamUrl: stored.streamUrl || '/demo/stream',
    radioHtmlEmbed: String(stored.radioHtmlEmbed ?? '').trim() ? stored.radioHtmlEmbed : '<p>Listen live with the player bar below.</p>',
  };
  const put = await request.put(url('/api/settings'), { headers: admin, data: { ...current, ...patch } });
  expect(put.status(), await put.text()).toBe(200);
  return async () => {
    const back = await request.put(url('/api/settings'), { headers: admin, data: current });
    expect(back.status()).toBe(200);
  };
}
const watzhott = (p: string) => p;

const wall = (page: Page) => page.getByRole('region', { name: 'Approved prayer requests' });

test.describe('prayer wall (caribbean)', () => {
  test('lists approved prayers only, with name or Anonymous and a date', async ({ page, request }) => {
    const approved = unique('Approved e2e prayer for the fishermen of Grenada');
    const anonymous = unique('Anonymous e2e prayer for rain');
    const pending = unique('Pending e2e prayer that must stay hidden');
    await createPrayer(request, approved, { name: 'E2E Sister', approved: true });
    await createPrayer(request, anonymous, { approved: true });
    await createPrayer(request, pending, { name: 'E2E Hidden', approved: false });

    await page.goto(caribbean('/community'));
    await expect(page.getByRole('heading', { name: 'Prayer Wall', level: 1 })).toBeVisible();
    const named = wall(page).getByRole('listitem').filter({ hasText: approved });
    await expect(named).toContainText('E2E Sister');
    await expect(named.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
    await expect(wall(page).getByRole('listitem').filter({ hasText: anonymous })).toContainText('Anonymous');
    await expect(wall(page)).not.toContainText(pending);
    await expectNoSideways(page);
  });

  test('a heart adds one to the count', { tag: '@phone-only' }, async ({ page, request }) => {
    const text = unique('Heart me e2e prayer');
    const id = await createPrayer(request, text, { approved: true });
    await page.goto(caribbean('/community'));
    const card = wall(page).getByRole('listitem').filter({ hasText: text });
    const heart = card.getByRole('button', { name: /Add a heart/ });
    await expect(heart).toHaveText(/0/);
    await heart.click();
    await expect(card.locator('.heart-count')).toHaveText('1');
    await expect(heart).toBeEnabled();
    await heart.click();
    await expect(card.locator('.heart-count')).toHaveText('2');

    const list = (await (await request.get(caribbean('/api/prayers?approved=true'))).json()) as PrayerRow[];
    expect(list.find((p) => p.id === id)?.hearts).toBe(2);
  });

  test('blank text and missing consent are refused with toasts, and nothing is sent', async ({ page }) => {
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/prayers') posts += 1;
    });
    await page.goto(caribbean('/community'));
    const text = page.getByLabel('Your prayer request');
    const submit = page.getByRole('button', { name: 'Submit Prayer Request' });

    await text.fill('   ');
    await page.getByRole('checkbox', { name: /I consent/ }).check();
    await submit.click();
    await expect(toast(page)).toContainText('Prayer Text Required');
    await expect(toast(page)).toContainText('Please enter your prayer request before submitting.');

    await page.getByRole('checkbox', { name: /I consent/ }).uncheck();
    await text.fill('Please pray for our village');
    await submit.click();
    await expect(toast(page)).toContainText('Consent Required');
    await expect(toast(page)).toContainText('Please provide consent to share your prayer request.');
    await expect(text).toHaveValue('Please pray for our village');
    expect(posts).toBe(0);
  });

  test('a submitted prayer waits for approval, then appears after reload', { tag: '@phone-only' }, async ({ page, request }) => {
    const text = unique('Newly submitted e2e prayer for the nurses');
    await page.goto(caribbean('/community'));
    await page.getByLabel('Your prayer request').fill(text);
    await page.getByLabel('Your name (optional)').fill('E2E Nurse');
    await page.getByRole('checkbox', { name: /I consent/ }).check();
    await page.getByRole('button', { name: 'Submit Prayer Request' }).click();
    await expect(toast(page)).toContainText('Prayer Submitted');
    await expect(toast(page)).toContainText('Your prayer request has been submitted for review.');
    await expect(page.getByLabel('Your prayer request')).toHaveValue('');
    await expect(page.getByLabel('Your name (optional)')).toHaveValue('');
    await expect(page.getByRole('checkbox', { name: /I consent/ })).not.toBeChecked();
    await expect(wall(page)).not.toContainText(text);

    const pending = (await (await request.get(caribbean('/api/prayers?approved=false'), { headers: admin })).json()) as PrayerRow[];
    const mine = pending.find((p) => p.text === text);
    expect(mine, 'the prayer is stored, pending').toBeTruthy();
    const approve = await request.patch(caribbean(`/api/prayers/${mine!.id}`), { headers: admin, data: { approved: true } });
    expect(approve.status()).toBe(200);

    await page.reload();
    await expect(wall(page).getByRole('listitem').filter({ hasText: text })).toContainText('E2E Nurse');
  });

  test('a prayer made offline is shown as queued and delivered once when the connection returns', { tag: '@phone-only' }, async ({ page, context, request }) => {
    const text = unique('Offline e2e prayer for the night shift');
    await page.goto(caribbean('/community'));
    await expect(page.getByRole('button', { name: 'Submit Prayer Request' })).toBeVisible();
    // The server drew the form; the offline queue is the app's, so it must have taken the form
    // over (app/lib/taps-later.ts) before the connection goes, its route's code loaded.
    await expect.poll(() => page.locator('form.prayer-form').evaluate((form) => (form as HTMLFormElement & { appTaps?: boolean }).appTaps === true)).toBe(true);
    await context.setOffline(true);
    await page.getByLabel('Your prayer request').fill(text);
    await page.getByRole('checkbox', { name: /I consent/ }).check();
    await page.getByRole('button', { name: 'Submit Prayer Request' }).click();
    await expect(page.getByText('Your prayer request is saved and will be sent when the connection returns.')).toBeVisible();
    await context.setOffline(false);
    await expect(toast(page)).toContainText('Prayer Submitted');
    await expect(page.getByLabel('Your prayer request')).toHaveValue('');

    const pending = (await (await request.get(caribbean('/api/prayers?approved=false'), { headers: admin })).json()) as PrayerRow[];
    expect(pending.filter((p) => p.text === text)).toHaveLength(1);
  });

  test('says the wall is closed when the tenant turns it off', async ({ page, request }) => {
    const restore = await changeSettings(request, caribbean, { enablePrayerWall: false });
    try {
      await page.goto(caribbean('/community'));
      await expect(page.getByText('The prayer wall is closed right now.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Submit Prayer Request' })).toHaveCount(0);
    } finally {
      await restore();
    }
  });
});

test.describe('community link (watzhott)', () => {
  test('says the link is being set up when no community URL is configured', async ({ page }) => {
    await page.goto('/community');
    await expect(page.getByRole('heading', { name: 'Community', level: 1 })).toBeVisible();
    await expect(page.getByText('Our community link is being set up.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit Prayer Request' })).toHaveCount(0);
    await expectNoSideways(page);
  });

  test('redirects to the configured community URL', { tag: '@phone-only' }, async ({ page, request }) => {
    const restore = await changeSettings(request, watzhott, { communityUrl: '/sponsors' });
    try {
      await page.goto('/community');
      await expect(page).toHaveURL(/\/sponsors$/);
      await expect(page.getByRole('heading', { name: 'Our Sponsors' })).toBeVisible();
    } finally {
      await restore();
    }
  });
});
