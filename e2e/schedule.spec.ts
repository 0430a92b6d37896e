import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN_KEY, caribbean, expect, test } from './fixtures';

const admin = { 'x-admin-key': ADMIN_KEY };

interface CreatedShow {
  id: string;
  title: string;
}

async function createShow(request: APIRequestContext, data: { title: string; description?: string; startTime: string; endTime: string; days: string[] }, path = '/api/shows') {
  const res = await request.post(path, { headers: admin, data: { description: '', ...data } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as CreatedShow;
}

async function deleteShow(request: APIRequestContext, show: CreatedShow, path = '/api/shows') {
  await request.delete(`${path}/${show.id}`, { headers: admin });
}

/** HH:MM of an instant in a zone, for shows on air right now. */
function hhmm(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);
}

const unique = (name: string) => `${name} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const gridDay = (page: Page, weekday: string) => page.getByTestId('schedule-grid').locator(`[data-weekday="${weekday}"]`);

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('listener in the station zone', () => {
  test.use({ timezoneId: 'America/Guyana', locale: 'en-US' });

  test('a created show appears on its weekday at its time', async ({ page, request }) => {
    const show = await createShow(request, { title: unique('E2E Monday Late'), startTime: '22:00', endTime: '23:00', days: ['Monday'], description: 'Late, late; show' });
    try {
      await page.goto('/schedule');
      await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();
      const monday = gridDay(page, 'Monday');
      const card = monday.getByTestId('show-card').filter({ hasText: show.title });
      await expect(card).toHaveCount(1);
      await expect(card).toContainText('10:00 PM – 11:00 PM');
      await expect(card.getByRole('button', { name: /^Add to Calendar/ })).toBeVisible();
      for (const other of ['Sunday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) {
        await expect(gridDay(page, other).getByRole('heading', { name: show.title })).toHaveCount(0);
      }
    } finally {
      await deleteShow(request, show);
    }
  });

  test('the week arrows move a real week of dates, Sunday to Saturday', async ({ page }) => {
    await page.goto('/schedule');
    const range = page.getByTestId('week-range');
    await expect(range).toBeVisible();
    const start = (await range.getAttribute('data-week-start'))!;
    expect(new Date(`${start}T00:00:00Z`).getUTCDay()).toBe(0);
    await expect(page.getByTestId('schedule-grid').locator('[data-weekday]')).toHaveCount(7);
    await expect(gridDay(page, 'Sunday')).toHaveAttribute('data-date', start);

    const shift = (days: number) => new Date(Date.parse(`${start}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const before = await range.textContent();
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect(range).toHaveAttribute('data-week-start', shift(7));
    await expect(gridDay(page, 'Sunday')).toHaveAttribute('data-date', shift(7));
    await expect(gridDay(page, 'Saturday')).toHaveAttribute('data-date', shift(13));
    await expect(range).not.toHaveText(before!);

    await page.getByRole('button', { name: 'Previous week' }).click();
    await page.getByRole('button', { name: 'Previous week' }).click();
    await expect(range).toHaveAttribute('data-week-start', shift(-7));
    await page.getByRole('button', { name: 'This week' }).click();
    await expect(range).toHaveAttribute('data-week-start', start);
    await expect(range).toHaveText(before!);
  });

  test('grid and list views', async ({ page }) => {
    await page.goto('/schedule');
    const grid = page.getByRole('button', { name: 'Grid', exact: true });
    const list = page.getByRole('button', { name: 'List', exact: true });
    await expect(grid).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('schedule-grid')).toBeVisible();
    await list.click();
    await expect(list).toHaveAttribute('aria-pressed', 'true');
    await expect(grid).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('schedule-list')).toBeVisible();
    await expect(page.getByTestId('schedule-grid')).toHaveCount(0);
    await expect(page.getByTestId('schedule-list').locator('[data-weekday]')).toHaveCount(7);
    await noSidewaysScroll(page);
    await grid.click();
    await expect(page.getByTestId('schedule-grid')).toBeVisible();
    await noSidewaysScroll(page);
  });

  test('the show on air now is highlighted', async ({ page, request }) => {
    const now = Date.now();
    const show = await createShow(request, {
      title: unique('E2E On Air'),
      // Started a minute ago, so it is on air in this week's grid even just after Sunday 00:00.
      startTime: hhmm(new Date(now - 60_000), 'America/Guyana'),
      endTime: hhmm(new Date(now + 60 * 60_000), 'America/Guyana'),
      days: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    });
    try {
      await page.goto('/schedule');
      const current = page.locator('[data-testid="show-card"][aria-current="time"]').filter({ hasText: show.title });
      await expect(current).toHaveCount(1);
      await expect(current.getByText('On Air', { exact: true })).toBeVisible();
      // Its six other days this week are not on air.
      await expect(page.getByTestId('show-card').filter({ hasText: show.title })).toHaveCount(7);
      await expect(page.locator('[aria-current="time"]').filter({ hasText: show.title })).toHaveCount(1);
    } finally {
      await deleteShow(request, show);
    }
  });

  test('Download .ics is a real weekly calendar with 10-minute alarms', { tag: '@phone-only' }, async ({ page, request }) => {
    const show = await createShow(request, { title: unique('E2E Calendar, Show'), startTime: '22:00', endTime: '02:00', days: ['Monday', 'Friday'], description: 'Soca; and more' });
    try {
      await page.goto('/schedule');
      await expect(page.getByRole('heading', { name: 'Never Miss a Show' })).toBeVisible();
      await expect(page.getByText('Get notified 10 minutes before shows', { exact: false })).toBeVisible();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download .ics' }).click()]);
      expect(download.suggestedFilename()).toMatch(/schedule\.ics$/);
      const ics = await readFile((await download.path())!, 'utf8');
      expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
      expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
      expect(ics.replace(/\r\n/g, '')).not.toMatch(/\n/);
      const lines = ics.replace(/\r\n[ \t]/g, '').split('\r\n');
      expect(lines).toContain('VERSION:2.0');
      expect(lines).toContain('BEGIN:VTIMEZONE');
      expect(lines).toContain('TZID:America/Guyana');
      expect(lines).toContain('TRIGGER:-PT10M');
      expect(lines).toContain('BEGIN:VALARM');
      // Ours, among the seeded shows: escaped, weekly on its days, past midnight.
      const at = lines.indexOf(`SUMMARY:${show.title.replace(',', '\\,')}`);
      expect(at).toBeGreaterThan(0);
      const event = lines.slice(lines.lastIndexOf('BEGIN:VEVENT', at), lines.indexOf('END:VEVENT', at) + 1);
      expect(event).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO,FR');
      expect(event).toContain('DESCRIPTION:Soca\\; and more');
      expect(event).toContain(`UID:show-${show.id}@127.0.0.1`);
      expect(event.find((l) => l.startsWith('DTSTART'))).toMatch(/^DTSTART;TZID=America\/Guyana:\d{8}T220000$/);
      expect(event.find((l) => l.startsWith('DTEND'))).toMatch(/^DTEND;TZID=America\/Guyana:\d{8}T020000$/);
      expect(event.find((l) => l.startsWith('DTSTAMP'))).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
      expect(event).toContain('TRIGGER:-PT10M');
      const vevents = lines.filter((l) => l === 'BEGIN:VEVENT').length;
      const valarms = lines.filter((l) => l === 'BEGIN:VALARM').length;
      expect(valarms).toBe(vevents);
    } finally {
      await deleteShow(request, show);
    }
  });

  test("a show card's Add to Calendar downloads that one show", { tag: '@phone-only' }, async ({ page, request }) => {
    const show = await createShow(request, { title: unique('E2E Single'), startTime: '09:00', endTime: '10:00', days: ['Wednesday'] });
    try {
      await page.goto('/schedule');
      const card = gridDay(page, 'Wednesday').getByTestId('show-card').filter({ hasText: show.title });
      const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: /^Add to Calendar/ }).click()]);
      expect(download.suggestedFilename()).toMatch(/^e2e-single-.*\.ics$/);
      const ics = await readFile((await download.path())!, 'utf8');
      expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
      expect(ics).toContain('RRULE:FREQ=WEEKLY;BYDAY=WE\r\n');
      expect(ics).toContain('TRIGGER:-PT10M\r\n');
      expect(ics).toContain(`SUMMARY:${show.title}`);
    } finally {
      await deleteShow(request, show);
    }
  });

  test('Add to Google Calendar is a template link', { tag: '@phone-only' }, async ({ page }) => {
    await page.goto('/schedule');
    const link = page.getByRole('button', { name: 'Add to Google Calendar' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    const href = (await link.getAttribute('href'))!;
    expect(href.startsWith('https://calendar.google.com/calendar/render?action=TEMPLATE&text=')).toBe(true);
    const url = new URL(href);
    expect(url.searchParams.get('text')).toBeTruthy();
    expect(url.searchParams.get('dates')).toMatch(/^\d{8}T\d{6}Z\/\d{8}T\d{6}Z$/);
    expect(url.searchParams.get('details')).toBeTruthy();
    expect(url.searchParams.get('recur')).toMatch(/^RRULE:FREQ=WEEKLY;BYDAY=/);
  });

  test('the Events tab shows events on watzhott', async ({ page, request }) => {
    const title = unique('E2E Tab Event');
    const res = await request.post('/api/events', {
      headers: admin,
      data: { title, startIso: new Date(Date.now() + 5 * 86_400_000).toISOString(), locationText: 'Georgetown', priceFrom: 10, ticketUrl: null, isPublic: true },
    });
    expect(res.status()).toBe(201);
    const event = await res.json();
    try {
      await page.goto('/schedule');
      const shows = page.getByRole('tab', { name: 'Shows' });
      const events = page.getByRole('tab', { name: 'Events' });
      await expect(shows).toHaveAttribute('aria-selected', 'true');
      await events.click();
      await expect(events).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel').getByText(title)).toBeVisible();
      await expect(page.getByRole('link', { name: 'See all events' })).toHaveAttribute('href', '/events');
      await events.press('ArrowLeft');
      await expect(shows).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('week-range')).toBeVisible();
    } finally {
      await request.delete(`/api/events/${event.id}`, { headers: admin });
    }
  });

  test('the caribbean schedule has no Events tab', async ({ page, request }) => {
    const show = await createShow(request, { title: unique('E2E Praise'), startTime: '06:00', endTime: '07:00', days: ['Sunday'] }, caribbean('/api/shows'));
    try {
      await page.goto(caribbean('/schedule'));
      await expect(gridDay(page, 'Sunday').getByRole('heading', { name: show.title })).toBeVisible();
      await expect(page.getByRole('tab')).toHaveCount(0);
      await expect(page.getByRole('tab', { name: 'Events' })).toHaveCount(0);
    } finally {
      await request.delete(caribbean(`/api/shows/${show.id}`), { headers: admin });
    }
  });

  test('the schedule fits a phone without sideways scrolling', async ({ page }) => {
    await page.goto('/schedule');
    await expect(page.getByTestId('schedule-grid')).toBeVisible();
    await noSidewaysScroll(page);
  });
});

test.describe('listener in another zone', () => {
  test.use({ timezoneId: 'Europe/London', locale: 'en-US' });

  test('a Monday 22:00 station show lands on Tuesday', { tag: '@phone-only' }, async ({ page, request }) => {
    const show = await createShow(request, { title: unique('E2E Zone Shift'), startTime: '22:00', endTime: '23:00', days: ['Monday'] });
    try {
      await page.goto('/schedule');
      await expect(page.getByText('Times are in your time zone (Europe/London')).toBeVisible();
      const card = gridDay(page, 'Tuesday').getByTestId('show-card').filter({ hasText: show.title });
      await expect(card).toHaveCount(1);
      // 02:00 in winter (GMT), 03:00 in summer (BST).
      await expect(card).toContainText(/[23]:00 AM – [34]:00 AM/);
      await expect(card).toContainText('Station time 22:00 – 23:00');
      await expect(gridDay(page, 'Monday').getByRole('heading', { name: show.title })).toHaveCount(0);
    } finally {
      await deleteShow(request, show);
    }
  });
});
