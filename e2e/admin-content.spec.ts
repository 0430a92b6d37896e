import type { Page, Request } from '@playwright/test';
import { ADMIN_KEY, acceptConfirmNaming, admin, caribbean, expect, expectNoSideways, isShellPath, test, toast, unique } from './fixtures';


/** The layout's own public calls (fixtures.ts), made as a visitor, not the admin screen's. */
const isShellCall = (c: { path: string; method: string; key: string | undefined }) =>
  c.key === undefined && isShellPath(c.method, c.path.split('?')[0]!);

/** A real 1×1 PNG, for the image and logo uploads. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

interface SeenCall {
  path: string;
  method: string;
  key: string | undefined;
  /** Made while an admin page was open (the public pages visited in between ask as visitors). */
  fromAdmin: boolean;
}

function watchApi(page: Page): SeenCall[] {
  const seen: SeenCall[] = [];
  page.on('request', (r: Request) => {
    const url = new URL(r.url());
    if (!url.pathname.startsWith('/api/')) return;
    const fromAdmin = new URL(r.frame().url()).pathname.startsWith('/admin/');
    seen.push({ path: url.pathname + url.search, method: r.method(), key: r.headers()['x-admin-key'], fromAdmin });
  });
  return seen;
}

/** Passes the gate and answers: every admin call made from then on must carry the key. */
async function unlock(page: Page, path: string, button: string, heading: string) {
  const seen = watchApi(page);
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Admin Authentication' })).toBeVisible();
  await expect(page.getByRole('button', { name: button })).toBeDisabled();
  expect(seen.filter((c) => c.key !== undefined)).toEqual([]);
  await page.getByLabel('Admin key').fill(ADMIN_KEY);
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  const from = seen.findIndex((c) => c.key !== undefined);
  return () => {
    const calls = seen.slice(from).filter((c) => c.fromAdmin && !isShellCall(c));
    expect(calls.length).toBeGreaterThan(0);
    return calls;
  };
}

/** A date `days` ahead as a datetime-local value at HH:MM. */
function localDateTime(daysAhead: number, hhmm: string): string {
  const d = new Date(Date.now() + daysAhead * 24 * 60 * 60 * 1000);
  return `${d.toISOString().slice(0, 10)}T${hhmm}`;
}

test.describe('schedule admin', () => {
  test('gate: a wrong key fails, the right key opens the page', async ({ page }) => {
    await page.goto('/admin/schedule');
    await page.getByLabel('Admin key').fill('wrong-key');
    await page.getByRole('button', { name: 'Access Schedule' }).click();
    await expect(toast(page)).toContainText('Authentication Failed');
    await page.getByLabel('Admin key').fill(ADMIN_KEY);
    await page.getByRole('button', { name: 'Access Schedule' }).click();
    await expect(toast(page)).toContainText('You can now manage the schedule.');
    await expect(page.getByRole('heading', { name: 'Schedule Management' })).toBeVisible();
  });

  test('add, edit and remove a show; the public schedule follows', async ({ page, request }) => {
    const title = unique('E2E Show');
    const renamed = `${title} Live`;
    const adminCalls = await unlock(page, '/admin/schedule', 'Access Schedule', 'Schedule Management');
    await expect(page.getByText('America/Guyana').first()).toBeVisible();

    await page.getByRole('button', { name: 'Add Show' }).click();
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Add Show' }) });
    // Nothing typed: the schema's messages beside the fields, nothing sent.
    await form.getByRole('button', { name: 'Add Show' }).click();
    await expect(form.getByText('Show title is required')).toBeVisible();
    await expect(form.getByText('Start time must be HH:MM')).toBeVisible();
    await expect(form.getByText('Pick at least one day')).toBeVisible();
    await expect(form.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
    await expectNoSideways(page);

    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Description (optional)').fill('Made by the e2e suite.');
    await form.getByLabel(/^Start time/).fill('23:00');
    await form.getByLabel(/^End time/).fill('23:30');
    for (const day of ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) await form.getByLabel(day).check();
    await expect(form.getByLabel('Record this show')).not.toBeChecked();
    await form.getByLabel('Record this show').check();
    await form.getByRole('button', { name: 'Add Show' }).click();
    await expect(toast(page)).toContainText('Show Added');
    const card = page.getByTestId('admin-show').filter({ hasText: title });
    await expect(card).toContainText('Every day');
    await expect(card).toContainText('23:00 – 23:30');

    const shows = (await (await request.get('/api/shows')).json()) as { id: string; title: string; days: string[]; startTime: string }[];
    const created = shows.find((s) => s.title === title);
    expect(created).toMatchObject({ startTime: '23:00', days: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'], record: true });

    await card.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = page.locator('form', { has: page.getByRole('heading', { name: `Edit Show: ${title}` }) });
    // An edit keeps the mark (the draft carries it).
    await expect(edit.getByLabel('Record this show')).toBeChecked();
    await edit.getByLabel('Title').fill(renamed);
    await edit.getByLabel('Saturday').uncheck();
    await edit.getByRole('button', { name: 'Save Show' }).click();
    await expect(toast(page)).toContainText('Show Updated');
    await expect(page.getByTestId('admin-show').filter({ hasText: renamed })).toContainText('Sun, Mon, Tue, Wed, Thu, Fri');

    await page.goto('/schedule');
    await expect(page.getByRole('heading', { name: renamed }).first()).toBeVisible();

    await page.goto('/admin/schedule');
    acceptConfirmNaming(page, renamed);
    await page.getByRole('button', { name: `Remove ${renamed}` }).click();
    await expect(toast(page)).toContainText('Show Removed');
    await expect(page.getByTestId('admin-show').filter({ hasText: renamed })).toHaveCount(0);
    const after = (await (await request.get('/api/shows')).json()) as { id: string }[];
    expect(after.map((s) => s.id)).not.toContain(created!.id);
    await page.goto('/schedule');
    await expect(page.getByRole('heading', { name: 'Schedule' }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: renamed })).toHaveCount(0);

    expect(adminCalls().filter((c) => c.key !== ADMIN_KEY)).toEqual([]);
  });

  test('dismissing the confirmation keeps the show', async ({ page, request }) => {
    const title = unique('E2E Kept Show');
    const res = await request.post('/api/shows', { headers: admin, data: { title, description: '', startTime: '05:00', endTime: '06:00', days: ['Monday'] } });
    expect(res.status()).toBe(201);
    const { id } = (await res.json()) as { id: string };
    try {
      await unlock(page, '/admin/schedule', 'Access Schedule', 'Schedule Management');
      page.once('dialog', (d) => void d.dismiss());
      await page.getByRole('button', { name: `Remove ${title}` }).click();
      await expect(page.getByTestId('admin-show').filter({ hasText: title })).toBeVisible();
      const shows = (await (await request.get('/api/shows')).json()) as { id: string }[];
      expect(shows.map((s) => s.id)).toContain(id);
    } finally {
      await request.delete(`/api/shows/${id}`, { headers: admin });
    }
  });
});

test.describe('events admin', () => {
  test('add a public and a private event, edit and remove; the public events page follows', async ({ page, request }) => {
    const title = unique('E2E Event');
    const hidden = unique('E2E Private Event');
    const adminCalls = await unlock(page, '/admin/events', 'Access Events', 'Event Management');

    await page.getByRole('button', { name: 'Add Event' }).click();
    let form = page.locator('form', { has: page.getByRole('heading', { name: 'Add Event' }) });
    await form.getByLabel('Ticket URL (optional)').fill('not a link');
    await form.getByRole('button', { name: 'Add Event' }).click();
    await expect(form.getByText('Event title is required')).toBeVisible();
    await expect(form.getByText('Start date and time are required')).toBeVisible();
    await expect(form.getByText('Valid ticket URL is required')).toBeVisible();
    await expectNoSideways(page);

    await form.getByLabel('Title').fill(title);
    await form.getByLabel(/^Starts \(America\/Guyana\)/).fill(localDateTime(12, '19:30'));
    await form.getByLabel('Location (optional)').fill('Georgetown Seawall');
    await form.getByLabel(/^Price from/).fill('15');
    await form.getByLabel('Ticket URL (optional)').fill('https://tickets.example/e2e');
    await form.getByLabel('Or upload an image (up to 5 MB)').setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: PNG });
    await expect(form.getByLabel('Image URL (optional)')).toHaveValue(/^\/uploads\//);
    await expect(form.getByRole('switch', { name: 'Public event' })).toBeChecked();
    await form.getByRole('button', { name: 'Add Event' }).click();
    await expect(toast(page)).toContainText('Event Added');
    const card = page.getByTestId('admin-event').filter({ hasText: title });
    await expect(card).toContainText('Public');
    await expect(card).toContainText('Georgetown Seawall');
    await expect(card).toContainText('From $15');

    await page.getByRole('button', { name: 'Add Event' }).click();
    form = page.locator('form', { has: page.getByRole('heading', { name: 'Add Event' }) });
    await form.getByLabel('Title').fill(hidden);
    await form.getByLabel(/^Starts/).fill(localDateTime(13, '10:00'));
    await form.getByRole('switch', { name: 'Public event' }).uncheck();
    await form.getByRole('button', { name: 'Add Event' }).click();
    await expect(toast(page)).toContainText('Event Added');
    await expect(page.getByTestId('admin-event').filter({ hasText: hidden })).toContainText('Private');

    // Station time 19:30 in Guyana (UTC-4) is 23:30 UTC.
    const everything = (await (await request.get('/api/events', { headers: admin })).json()) as { id: string; title: string; startIso: string; imageUrl: string | null; isPublic: boolean }[];
    const stored = everything.find((e) => e.title === title)!;
    expect(stored.startIso).toBe(`${localDateTime(12, '19:30').slice(0, 10)}T23:30:00.000Z`);
    expect(stored.imageUrl).toMatch(/^\/uploads\//);
    const publicList = (await (await request.get('/api/events')).json()) as { title: string }[];
    expect(publicList.map((e) => e.title)).toContain(title);
    expect(publicList.map((e) => e.title)).not.toContain(hidden);

    await page.goto('/events');
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByRole('heading', { name: hidden })).toHaveCount(0);

    // Edit: the private one goes public under a new name.
    await page.goto('/admin/events');
    await page.getByRole('button', { name: `Edit ${hidden}` }).click();
    const edit = page.locator('form', { has: page.getByRole('heading', { name: `Edit Event: ${hidden}` }) });
    await expect(edit.getByLabel(/^Starts/)).toHaveValue(localDateTime(13, '10:00'));
    await edit.getByLabel('Title').fill(`${hidden} Now Public`);
    await edit.getByRole('switch', { name: 'Public event' }).check();
    await edit.getByRole('button', { name: 'Save Event' }).click();
    await expect(toast(page)).toContainText('Event Updated');
    await page.goto('/events');
    await expect(page.getByRole('heading', { name: `${hidden} Now Public` })).toBeVisible();

    await page.goto('/admin/events');
    for (const name of [title, `${hidden} Now Public`]) {
      page.once('dialog', (d) => void d.accept());
      await page.getByRole('button', { name: `Remove ${name}` }).click();
      await expect(toast(page)).toContainText('Event Removed');
      await expect(page.getByTestId('admin-event').filter({ hasText: name })).toHaveCount(0);
    }
    await page.goto('/events');
    await expect(page.getByRole('heading', { name: title })).toHaveCount(0);

    expect(adminCalls().filter((c) => c.key !== ADMIN_KEY)).toEqual([]);
  });

  test('on caribbean the page says events are only on Watzhott and asks nothing', async ({ page }) => {
    const seen = watchApi(page);
    await unlock(page, caribbean('/admin/events'), 'Access Events', 'Event Management');
    await expect(page.getByRole('heading', { name: 'Events Not Available' })).toBeVisible();
    await expect(page.getByText('Events are only available on the Watzhott platform.')).toBeVisible();
    expect(seen.filter((c) => c.path.startsWith('/api/events'))).toEqual([]);
  });
});

test.describe('sponsors admin', () => {
  test('review an application, set tier, logo and link, activate, deactivate and delete', async ({ page, request }) => {
    const name = unique('E2E Sponsor Co');
    const applied = await request.post('/api/sponsors', {
      data: {
        name,
        tier: 'supporting',
        targetUrl: null,
        notes: 'Email: partner@e2e.example\nBudget: $2,500 - $5,000\nGoals: Reach young listeners across Guyana and Jamaica\nMessage: Call after 5',
        active: true,
      },
    });
    expect(applied.status()).toBe(201);
    const { id } = (await applied.json()) as { id: string };

    const adminCalls = await unlock(page, '/admin/sponsors', 'Access Sponsors', 'Sponsor Management');
    const applications = page.getByRole('region', { name: /^Applications \(\d+\)$/ });
    const card = applications.getByTestId('admin-sponsor').filter({ hasText: name });
    await expect(card).toContainText('Application');
    await expect(card.getByRole('link', { name: 'partner@e2e.example' })).toHaveAttribute('href', 'mailto:partner@e2e.example');
    await expect(card).toContainText('$2,500 - $5,000');
    await expect(card).toContainText('Reach young listeners across Guyana and Jamaica');
    await expect(card).toContainText('Call after 5');
    await expectNoSideways(page);

    await card.getByText('Tier, logo and link').click();
    await card.getByLabel('Link (website)').fill('not a url');
    await card.getByRole('button', { name: `Save Changes to ${name}` }).click();
    await expect(card.getByText('Valid website URL is required')).toBeVisible();
    await expect(card.getByLabel('Link (website)')).toHaveAttribute('aria-invalid', 'true');

    await card.getByLabel('Tier').selectOption('premium');
    await card.getByLabel('Link (website)').fill('https://sponsor.e2e.example');
    await card.getByLabel('Or upload a logo (up to 5 MB)').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expect(card.getByLabel('Logo URL')).toHaveValue(/^\/uploads\//);
    await card.getByRole('button', { name: `Save Changes to ${name}` }).click();
    await expect(toast(page)).toContainText('Sponsor Updated');

    await card.getByRole('button', { name: `Activate ${name}` }).click();
    await expect(toast(page)).toContainText('Sponsor Activated');
    const active = page.getByRole('region', { name: /^Active Sponsors \(\d+\)$/ }).getByTestId('admin-sponsor').filter({ hasText: name });
    await expect(active).toContainText('Active');
    await expect(active).toContainText('Premium Partner');

    await page.goto('/sponsors');
    const premium = page.getByRole('region', { name: 'Premium Partners' });
    await expect(premium.getByRole('heading', { name })).toBeVisible();
    await expect(premium.getByRole('link', { name: `Visit ${name}` })).toHaveAttribute('href', 'https://sponsor.e2e.example');

    await page.goto('/admin/sponsors');
    await page.getByRole('button', { name: `Deactivate ${name}` }).click();
    await expect(toast(page)).toContainText('Sponsor Deactivated');
    await expect(page.getByRole('region', { name: /^Applications/ }).getByTestId('admin-sponsor').filter({ hasText: name })).toBeVisible();
    await page.goto('/sponsors');
    await expect(page.getByRole('heading', { name })).toHaveCount(0);

    await page.goto('/admin/sponsors');
    acceptConfirmNaming(page, name);
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(toast(page)).toContainText('Sponsor Removed');
    await expect(page.getByTestId('admin-sponsor').filter({ hasText: name })).toHaveCount(0);
    const all = (await (await request.get('/api/sponsors', { headers: admin })).json()) as { id: string }[];
    expect(all.map((s) => s.id)).not.toContain(id);

    expect(adminCalls().filter((c) => c.key !== ADMIN_KEY)).toEqual([]);
  });
});
