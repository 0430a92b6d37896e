import { changeSettings, expect, test, toast, unique, unlockAdmin } from './fixtures';

// Song requests and dedications on a 375 px phone (docs/product.md "Requests"): the demo has
// no AzuraCast, so the list is our approved tracks and requests go to /admin/requests.
test.use({ viewport: { width: 375, height: 740 } });

test('a request with a dedication reaches the moderators; Played names its requester beside now playing; a second one waits', async ({ page, request }) => {
  test.setTimeout(60_000);
  const restore = await changeSettings(request, { enableRequests: true });
  try {
    const songs = (await (await request.get('/api/requests/songs')).json()) as { id: string; title: string; artist: string }[];
    expect(songs.length).toBeGreaterThan(0);
    const song = songs[0]!;
    const name = unique('Maya');

    await page.goto('/');
    await page.getByRole('button', { name: 'Request a song' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a song' });
    await dialog.getByLabel('Search songs').fill(song.title);
    await dialog.getByRole('radio', { name: song.title }).first().check();
    await dialog.getByLabel('Your name').fill(name);
    await dialog.getByLabel('For').fill('Grandma');
    await dialog.getByLabel('Message').fill('Happy birthday from Linden!');
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await expect(toast(page)).toContainText('Request received');
    await expect(dialog).toBeHidden();

    // A moderator on the same phone marks it played.
    await page.goto('/admin/requests');
    await unlockAdmin(page, 'Access Requests');
    await expect(page.getByRole('heading', { name: 'Requests', level: 1 })).toBeVisible();
    const row = page.getByTestId('request-row').filter({ hasText: name });
    await expect(row).toContainText(song.title);
    await expect(row).toContainText('for Grandma');
    await expect(row).toContainText('Happy birthday from Linden!');
    await row.getByRole('button', { name: 'Played' }).click();
    await expect(row).toBeHidden();

    await page.goto('/');
    await expect(page.getByText(`Requested by ${name} for Grandma`)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Now playing your request')).toBeVisible();

    // One request per listener per 10 minutes: the second is refused with the reason.
    await page.getByRole('button', { name: 'Request a song' }).click();
    await dialog.getByRole('radio', { name: 'Another song' }).check();
    await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Second Song');
    await dialog.getByRole('textbox', { name: 'Artist', exact: true }).fill('Someone');
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('You can request one song every 10 minutes. Please try again later.');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  } finally {
    await restore();
  }
});
