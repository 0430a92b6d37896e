import { ADMIN_KEY, caribbean, expect, test } from './fixtures';

// Issue 16: a flood of spam prayers is cleared on a phone, 25 at a time: select all shown,
// delete, repeat. The tab shows the true pending count while only 25 rows are loaded.

const admin = { 'x-admin-key': ADMIN_KEY };
const SPAM = 200;

test('an admin on a phone clears 200 spam prayers, 25 a page, in three taps a page', async ({ page, request }) => {
  test.setTimeout(180_000);
  const marker = `Spam ${Date.now().toString(36)}`;
  // Through the API as an admin (admins are not rate-limited), a few at a time.
  for (let i = 0; i < SPAM; i += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, SPAM - i) }, async (_, j) => {
        const res = await request.post(caribbean('/api/prayers'), { headers: admin, data: { text: `${marker} #${i + j} buy cheap followers now` } });
        expect(res.status()).toBe(201);
      }),
    );
  }
  const pendingOfMine = async () => {
    const res = await request.get(caribbean('/api/prayers?pending=true'), { headers: admin });
    return ((await res.json()) as { text: string }[]).filter((p) => p.text.startsWith(marker)).length;
  };
  expect(await pendingOfMine()).toBe(SPAM);

  await page.goto(caribbean('/admin/moderation?tab=prayers'));
  await page.getByLabel('Admin key').fill(ADMIN_KEY);
  await page.getByRole('button', { name: 'Access Moderation' }).click();
  await expect(page.getByRole('heading', { name: 'Content Moderation' })).toBeVisible();
  const prayersTab = page.getByRole('tab', { name: /Prayers/ });
  await prayersTab.click();
  await expect(prayersTab).toHaveAttribute('aria-selected', 'true');

  const rows = page.getByTestId('moderation-row');
  // 25 rows loaded; the tab counts the whole queue (from the server's count).
  await expect(rows).toHaveCount(25);
  const countIn = async () => Number(/(\d+)/.exec((await prayersTab.textContent()) ?? '')?.[1] ?? NaN);
  expect(await countIn()).toBeGreaterThanOrEqual(SPAM);
  await expect(page.getByText(/Showing 25 of \d+/)).toBeVisible();

  // 'Load more' brings the next 25 under them.
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(rows).toHaveCount(50);

  page.on('dialog', (dialog) => void dialog.accept());
  let taps = 0;
  for (let round = 0; round < 12 && (await pendingOfMine()) > 0; round++) {
    const before = await countIn();
    await page.getByLabel('Select all shown').check();
    taps += 1;
    await expect(page.getByText(/^\d+ selected$/)).not.toHaveText('0 selected');
    await page.getByRole('button', { name: 'Delete selected' }).click();
    taps += 2; // the button and the confirmation
    await expect(page.getByTestId('toast').filter({ hasText: /prayers? deleted/ }).first()).toBeVisible();
    await expect.poll(countIn).toBeLessThan(before);
  }
  expect(await pendingOfMine()).toBe(0);
  // 200 rows in at most 8 pages of 25 (the first round took the 50 loaded), 3 taps each.
  expect(taps).toBeLessThanOrEqual(8 * 3);
  // Deleted, not only rejected: gone from every list.
  const all = (await (await request.get(caribbean('/api/prayers'), { headers: admin })).json()) as { text: string }[];
  expect(all.filter((p) => p.text.startsWith(marker))).toEqual([]);
});
