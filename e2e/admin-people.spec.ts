import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { ADMIN_KEY, admin, expect, expectNoSideways, readSettings, test, toast, unique, virtualAuthenticator } from './fixtures';

// docs/api.md, "Admins who are people", in real Chromium with its virtual authenticator: an
// owner (the admin key) invites a moderator; the moderator joins through the real UI, making
// a real passkey, and moderates on a phone; their settings write is refused; they sign in
// again from a new browser context holding the same passkey; the owner removes them and their
// next call answers 401; the activity log names both. WebAuthn refuses an IP origin, so this
// spec opens the app on http://localhost.
test.use({ baseURL: async ({ server }, use) => use(`http://localhost:${server.port}`) });

const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' as const };

async function phone(browser: Browser, origin: string, address: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...PHONE, baseURL: origin, extraHTTPHeaders: { 'X-Forwarded-For': address } });
  return { context, page: await context.newPage() };
}

/** A call made by the page itself (its cookies, its Origin, the admin screens' x-admin-session), as the app would. */
const pageFetch = (page: Page, path: string, init: { method?: string; body?: unknown } = {}) =>
  page.evaluate(
    async ({ path, init }) => {
      const res = await fetch(path, { method: init.method ?? 'GET', headers: { 'Content-Type': 'application/json', 'x-admin-session': '1' }, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
      return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
    },
    { path, init },
  );

/** Taps what may sit at the bottom of the list, where the now-playing bar covers the viewport's edge. */
async function tap(target: Locator): Promise<void> {
  await target.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await target.click();
}

test('an owner invites a moderator, who joins with a passkey, moderates on a phone, signs in again, and is removed', async ({ page, browser, request, baseURL }) => {
  test.setTimeout(60_000);
  const name = unique('Mo');
  const artist = unique('E2E People Artist');
  const submit = async (who: string) => {
    const created = await request.post('/api/artists', { data: { name: who, bio: `${who} sings of island life and faith.`, countryCode: 'JM' } });
    expect(created.status()).toBe(201);
  };
  await submit(artist);

  // The owner: the admin key, then 'Invite someone'.
  await page.goto('/admin/people');
  await page.getByLabel('Admin key').fill(ADMIN_KEY);
  await page.getByRole('button', { name: 'Access People' }).click();
  await expect(page.getByRole('heading', { name: 'People', exact: true })).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Role', { exact: true }).selectOption('moderator');
  await page.getByRole('button', { name: 'Invite someone' }).click();
  const link = await page.getByTestId('invite-link').inputValue();
  expect(link).toMatch(new RegExp(`^${baseURL}/admin/join\\?token=`));

  // The moderator, on their phone: the link, 'Create passkey', and straight to moderation.
  const first = await phone(browser, baseURL!, '198.51.200.1');
  const authenticator = await virtualAuthenticator(first.page);
  await first.page.goto(link);
  await expect(first.page.getByRole('heading', { name: 'Join the team' })).toBeVisible();
  await expect(first.page.getByText(`Hello ${name}`)).toBeVisible();
  await first.page.getByRole('button', { name: 'Create passkey' }).click();
  await expect(first.page.getByRole('heading', { name: 'Content Moderation' })).toBeVisible();
  // A moderator's tabs: the dashboard, moderation and song requests only.
  const menu = first.page.getByRole('navigation', { name: 'Admin' });
  await expect(menu.getByRole('link')).toHaveText(['Dashboard', 'Moderation', 'Requests']);
  await first.page.getByTestId('moderation-row').filter({ hasText: artist }).getByRole('button', { name: `Approve ${artist}` }).click();
  await expect(toast(first.page)).toContainText('Artist moderated successfully');
  await expectNoSideways(first.page);

  // Opened afresh, the page comes from the server with the moderator's queue in it, drawn for
  // the session its cookie names (docs/server-render.md, "A moderator's page"): here the app's
  // entry is held back, and the rows, their Approve and who is signed in are there, no question
  // asked of the API; a tap on Approve before the app is held, and made once it has started.
  const asked: string[] = [];
  first.page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
  });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const entry = /\/assets\/index-[\w-]+\.js$/;
  await first.page.route(entry, async (route) => {
    await held;
    await route.continue();
  });
  // The two newest submissions: rows of the phone's first screen, which the server draws.
  const second = unique('E2E People Second');
  const third = unique('E2E People Third');
  await submit(second);
  await submit(third);
  await first.page.goto('/admin/moderation', { waitUntil: 'commit' });
  const early = first.page.getByTestId('moderation-row').filter({ hasText: second });
  const ticked = first.page.getByTestId('moderation-row').filter({ hasText: third });
  await expect(early.getByRole('button', { name: `Approve ${second}` })).toBeVisible();
  await expect(first.page.getByRole('navigation', { name: 'Admin' })).toContainText(`${name} · moderator`);
  // A row's box ticked and an Approve tapped before the app: both held (the box stays unticked
  // meanwhile, never ticked unseen by the app), and made in order once it listens.
  await ticked.getByRole('checkbox', { name: `Select ${third}` }).click();
  await expect(ticked.getByRole('checkbox', { name: `Select ${third}` })).not.toBeChecked();
  await early.getByRole('button', { name: `Approve ${second}` }).click();
  expect(asked.filter((u) => u.startsWith('/api/admin/') || u.includes('pending=true'))).toEqual([]);
  release();
  await expect(toast(first.page)).toContainText('Artist moderated successfully');
  await expect(first.page.getByTestId('moderation-row').filter({ hasText: second })).toHaveCount(0);
  await expect(ticked).toHaveAttribute('aria-selected', 'true');
  await expect(ticked.getByRole('checkbox', { name: `Select ${third}` })).toBeChecked();
  await expect(first.page.locator('#mod-panel-artists .mod-bulk')).toContainText('1 selected');
  await first.page.unroute(entry);
  // The session's cookie is the whole site's now; one kept from before for /api alone is cleared.
  const cookies = await first.context.cookies();
  expect(cookies.filter((c) => c.name === 'radio_admin').map((c) => c.path)).toEqual(['/']);

  // Their settings write is refused by the server, whatever the screen shows.
  const settings = await readSettings(request);
  const put = await pageFetch(first.page, '/api/settings', { method: 'PUT', body: settings });
  expect(put).toEqual({ status: 403, body: { error: 'Your role cannot do this' } });

  // A new browser context holding the same passkey: 'Sign in with a passkey', no key typed.
  const { credentials } = await authenticator.cdp.send('WebAuthn.getCredentials', { authenticatorId: authenticator.id });
  expect(credentials).toHaveLength(1);
  await first.context.close();
  const again = await phone(browser, baseURL!, '198.51.200.2');
  const restored = await virtualAuthenticator(again.page);
  for (const credential of credentials) await restored.cdp.send('WebAuthn.addCredential', { authenticatorId: restored.id, credential });
  await again.page.goto('/admin/moderation');
  await expect(again.page.getByRole('heading', { name: 'Admin Authentication' })).toBeVisible();
  await again.page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(again.page.getByRole('heading', { name: 'Content Moderation' })).toBeVisible();
  await expect(again.page.getByRole('navigation', { name: 'Admin' })).toContainText(`${name} · moderator`);

  // The owner removes them: their very next call answers 401.
  await page.goto('/admin/people');
  const row = page.getByRole('listitem').filter({ hasText: name });
  await row.getByRole('button', { name: 'Remove', exact: true }).click();
  await row.getByRole('button', { name: `Remove ${name}` }).click();
  await expect(page.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
  expect((await pageFetch(again.page, '/api/admin/me')).status).toBe(401);
  expect((await pageFetch(again.page, `/api/artists?pending=true`)).status).toBe(200); // a visitor's read still works
  await again.context.close();

  // The activity log names both: the key's invite and removal, the moderator's approval.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
  const log = page.locator('.activity-list');
  await expect(log).toContainText(`admin key removed ${name}`);
  await expect(log).toContainText(`${name} approved artist ${artist}`);
  await expect(log).toContainText(`admin key invited ${name} as moderator`);
  await expect(log).toContainText(`${name} joined as moderator`);

  // The API agrees, with the actor's id for the person's entries.
  const entries = (await (await request.get('/api/admin/activity?limit=20', { headers: admin })).json()) as { actor: { id: string | null; name: string }; summary: string }[];
  expect(entries.find((e) => e.summary === `approved artist ${artist}`)?.actor.name).toBe(name);
});

test("an owner lists a person's passkeys, removes one, and signs them out everywhere", async ({ page, browser, request, baseURL }) => {
  test.setTimeout(90_000);
  const name = unique('Ona');

  // The owner (the admin key) invites another owner.
  await page.goto('/admin/people');
  await page.getByLabel('Admin key').fill(ADMIN_KEY);
  await page.getByRole('button', { name: 'Access People' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Role', { exact: true }).selectOption('owner');
  await page.getByRole('button', { name: 'Invite someone' }).click();
  const link = await page.getByTestId('invite-link').inputValue();

  // Ona joins on her phone, then adds a laptop's passkey from it (her join is her passkey check).
  const ona = await phone(browser, baseURL!, '198.51.200.11');
  const phoneKey = await virtualAuthenticator(ona.page);
  await ona.page.goto(link);
  await ona.page.getByRole('button', { name: 'Create passkey' }).click();
  await expect(ona.page.getByRole('heading', { name: 'People', exact: true })).toBeVisible();
  const { credentials } = await phoneKey.cdp.send('WebAuthn.getCredentials', { authenticatorId: phoneKey.id });
  await phoneKey.cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: phoneKey.id });
  await virtualAuthenticator(ona.page);
  await ona.page.getByRole('button', { name: 'Add a passkey on this device' }).click();
  await expect(toast(ona.page)).toContainText('You now have 2 passkeys.');

  // A second session: her phone's passkey signs her in on another browser.
  const other = await phone(browser, baseURL!, '198.51.200.12');
  const restored = await virtualAuthenticator(other.page);
  for (const credential of credentials) await restored.cdp.send('WebAuthn.addCredential', { authenticatorId: restored.id, credential });
  await other.page.goto('/admin/people');
  await other.page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(other.page.getByRole('heading', { name: 'People', exact: true })).toBeVisible();
  expect((await pageFetch(other.page, '/api/admin/me')).status).toBe(200);

  // The owner sees both passkeys on Ona's row and removes the second.
  await page.reload();
  const row = page.locator('.people-row').filter({ hasText: name });
  await tap(row.getByText('Passkeys and sessions'));
  await expect(row.getByTestId('person-passkey')).toHaveCount(2);
  await expect(row.getByTestId('person-passkey').first()).toContainText('last used');
  await tap(row.getByRole('button', { name: `Remove passkey 2 of ${name}` }));
  await expect(toast(page)).toContainText('Passkey removed');
  await expect(row.getByTestId('person-passkey')).toHaveCount(1);
  await expect(row).toContainText('1 passkey ·');

  // 'Sign out everywhere': both of Ona's sessions answer 401 at their next call.
  await tap(row.getByRole('button', { name: 'Sign out everywhere' }));
  await expect(toast(page)).toContainText('Signed out everywhere');
  expect((await pageFetch(ona.page, '/api/admin/me')).status).toBe(401);
  expect((await pageFetch(other.page, '/api/admin/me')).status).toBe(401);
  await expectNoSideways(page);
  await ona.context.close();
  await other.context.close();

  // The activity log has each.
  const entries = (await (await request.get('/api/admin/activity?limit=30', { headers: admin })).json()) as { actor: { name: string }; summary: string }[];
  const summaries = entries.map((e) => `${e.actor.name} ${e.summary}`);
  expect(summaries).toContain(`${name} added a passkey`);
  expect(summaries).toContain(`admin key removed a passkey of ${name}`);
  expect(summaries).toContain(`admin key signed ${name} out everywhere`);
});
