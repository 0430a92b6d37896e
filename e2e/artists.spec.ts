import { admin, expect, test, setLowDataMode, unique } from './fixtures';
import { approvedArtists, publicTracks, allTracks, artistByName, approvedArtistWithPendingTrack, cards, count, noSidewaysScroll } from './artist-rows';

// The artists screens of docs/product.md#screens (/artists, /artists/directory, /artists/{id},
// /country) against the real server on a fresh demo database; /artists/submit is
// artist-submission.spec.ts's. Counts are read from the API rather than written down: other
// tests add artists too.

test.describe('Artists landing', () => {
  test('hero, country chips, featured from Guyana, rising now and the call to action', async ({ page, request }) => {
    const approved = await approvedArtists(request);
    const featured = approved.filter((a) => a.featured && a.countryCode === 'GY').slice(0, 6);
    const risingCount = Math.min(6, approved.filter((a) => !a.featured).length);

    await page.goto('/artists');
    await expect(page.getByRole('heading', { level: 1, name: 'Caribbean Artists' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Submit Your Music' }).first()).toHaveAttribute('href', '/artists/submit');
    await expect(page.locator('.ad-artists')).toBeVisible();

    const chips = page.getByRole('list', { name: 'Countries' }).getByRole('button');
    await expect(chips).toHaveCount(11);

    const featuredSection = page.getByTestId('section-featured');
    await expect(featuredSection.getByRole('heading', { name: 'Featured Artists from Guyana' })).toBeVisible();
    await expect(cards(page, '[data-testid="section-featured"]')).toHaveCount(featured.length);
    expect(featured.length).toBe(6);
    for (const card of await cards(page, '[data-testid="section-featured"]').all()) {
      await expect(card).toContainText('Guyana');
      await expect(card.locator('.featured-badge')).toHaveText('Featured');
    }

    const rising = page.getByTestId('section-rising');
    await expect(rising.getByRole('heading', { name: 'Rising Now' })).toBeVisible();
    await expect(cards(page, '[data-testid="section-rising"]')).toHaveCount(risingCount);
    await expect(rising.locator('.featured-badge')).toHaveCount(0);

    const cta = page.locator('.artists-cta');
    await expect(cta.getByRole('link', { name: 'Browse Artist Directory' })).toHaveAttribute('href', '/artists/directory');
    await expect(cta.getByRole('link', { name: 'Start Your Submission' })).toHaveAttribute('href', '/artists/submit');
    await cta.getByRole('link', { name: 'Browse Artist Directory' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Artist Directory' })).toBeVisible();
  });

  test('an artist card: photo, flag and country, Featured, bio, socials in a new tab, View Profile', async ({ page, request }) => {
    const kwame = await artistByName(request, 'Kwame Lewis');
    await page.goto('/artists');
    const card = cards(page, '[data-testid="section-featured"]').filter({ hasText: 'Kwame Lewis' });
    await expect(card.getByRole('img', { name: 'Photo of Kwame Lewis' })).toHaveAttribute('src', kwame.photoUrl!);
    await expect(card.locator('.country-badge')).toHaveText('Guyana');
    await expect(card.locator('.featured-badge')).toHaveText('Featured');
    await expect(card.locator('.artist-bio')).toHaveText(kwame.bio);
    // Clamped to two lines.
    expect(await card.locator('.artist-bio').evaluate((el) => getComputedStyle(el).webkitLineClamp)).toBe('2');
    const spotify = card.getByRole('link', { name: /Spotify/ });
    await expect(spotify).toHaveAttribute('href', kwame.socials.spotify!);
    await expect(spotify).toHaveAttribute('target', '_blank');
    await expect(card.getByRole('link', { name: /YouTube/ })).toHaveAttribute('target', '_blank');
    await expect(card.getByRole('link', { name: /Instagram/ })).toHaveCount(0);
    await expect(card.getByRole('link', { name: /View Profile/ })).toHaveAttribute('href', `/artists/${kwame.id}`);
  });

  test('Low Data Mode shows the first letter instead of every photo, and none is fetched', async ({ page }) => {
    // Turned on as a listener does: the server then sends the shell, not a page whose photos
    // the browser would fetch before the app hides them (docs/server-render.md).
    await page.goto('/');
    await setLowDataMode(page, true);
    const images: string[] = [];
    page.on('request', (r) => r.resourceType() === 'image' && r.url().includes('/demo/artists/') && images.push(r.url()));
    await page.goto('/artists');
    const card = cards(page, '[data-testid="section-featured"]').filter({ hasText: 'Kwame Lewis' });
    await expect(card.getByTestId('artist-initial')).toHaveText('K');
    await expect(page.locator('main img.artist-photo')).toHaveCount(0);
    expect(images).toEqual([]);
  });

  test('a country chip selects the country and leads to its page', async ({ page, request }) => {
    const jamaicans = (await approvedArtists(request)).filter((a) => a.countryCode === 'JM');
    await page.goto('/artists');
    const chip = page.getByRole('button', { name: 'Jamaica' });
    await chip.click();
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => localStorage.getItem('selectedCountry'))).toBe('JM');
    await expect(page).toHaveURL(/[?&]country=JM/);
    await page.getByRole('link', { name: 'See artists from Jamaica' }).click();
    await expect(page).toHaveURL(/\/country\?country=JM/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jamaica');
    await expect(cards(page)).toHaveCount(jamaicans.length);
  });
});

test.describe('Artist Directory', () => {
  test('search, country and genre filters, counts and Clear Filters', async ({ page, request }) => {
    const approved = await approvedArtists(request);
    const tracks = await publicTracks(request);
    const total = approved.length;
    const withGenre = (genre: string) => approved.filter((a) => tracks.some((t) => t.artistId === a.id && t.genre === genre && t.status === 'approved'));

    await page.goto('/artists/directory');
    await expect(page.getByRole('heading', { level: 1, name: 'Artist Directory' })).toBeVisible();
    await expect(count(page)).toHaveText(`Showing ${total} of ${total} artists`);
    await expect(cards(page)).toHaveCount(total);
    // Below the list (its lazy image may not have loaded off-screen): present, not necessarily visible.
    await expect(page.locator('.ad-directory')).toHaveCount(1);

    const search = page.getByRole('searchbox', { name: 'Search' });
    const country = page.getByRole('combobox', { name: 'Country' });
    const genre = page.getByRole('combobox', { name: 'Genre' });
    await expect(country.locator('option').first()).toHaveText('All Countries');
    await expect(country.locator('option')).toHaveCount(12);
    await expect(genre.locator('option').first()).toHaveText('All Genres');
    await expect(genre.locator('option')).toHaveCount(11);

    // Search by bio text: only the steel orchestra's bio says 'steel orchestra'.
    await search.fill('STEEL orchestra');
    await expect(count(page)).toHaveText(`Showing 1 of ${total} artists`);
    await expect(cards(page)).toHaveText([/Demerara Steel Collective/]);
    // By name.
    await search.fill('kwame');
    await expect(count(page)).toHaveText(`Showing 1 of ${total} artists`);
    await expect(cards(page).first()).toContainText('Kwame Lewis');
    await search.fill('');
    await expect(count(page)).toHaveText(`Showing ${total} of ${total} artists`);

    // Country.
    const jm = approved.filter((a) => a.countryCode === 'JM');
    await country.selectOption('JM');
    await expect(count(page)).toHaveText(`Showing ${jm.length} of ${total} artists`);
    for (const card of await cards(page).all()) await expect(card.locator('.country-badge')).toContainText('Jamaica');

    // Genre (approved tracks only), then both together.
    await country.selectOption('all');
    const reggae = withGenre('Reggae');
    await genre.selectOption('Reggae');
    await expect(count(page)).toHaveText(`Showing ${reggae.length} of ${total} artists`);
    await expect(cards(page).locator('.artist-name')).toHaveText(reggae.map((a) => a.name));
    await genre.selectOption('Gospel');
    await country.selectOption('GY');
    const gospelGy = withGenre('Gospel').filter((a) => a.countryCode === 'GY');
    await expect(count(page)).toHaveText(`Showing ${gospelGy.length} of ${total} artists`);
    await expect(cards(page).locator('.artist-name')).toHaveText(gospelGy.map((a) => a.name));

    // Filters live in the URL: a reload keeps them.
    await search.fill('choir');
    await expect(page).toHaveURL(/q=choir/);
    await page.reload();
    await expect(count(page)).toHaveText(`Showing 1 of ${total} artists`);
    await expect(search).toHaveValue('choir');
    await expect(genre).toHaveValue('Gospel');

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(count(page)).toHaveText(`Showing ${total} of ${total} artists`);
    await expect(search).toHaveValue('');
    await expect(country).toHaveValue('all');
    await expect(genre).toHaveValue('all');
  });

  test('search waits 300 ms after the last keystroke', { tag: '@phone-only' }, async ({ page, request }) => {
    const total = (await approvedArtists(request)).length;
    await page.clock.install();
    await page.goto('/artists/directory');
    await expect(count(page)).toHaveText(`Showing ${total} of ${total} artists`);
    // The page is the server's until the app has taken its form over; what is typed before is
    // adopted then, and the wait counted from there. This test times the app's own wait, so it
    // types once the app has the form.
    const search = page.getByRole('searchbox', { name: 'Search' });
    await expect.poll(() => search.evaluate((el) => Boolean((el as HTMLInputElement).form && ((el as HTMLInputElement).form as HTMLFormElement & { appTaps?: boolean }).appTaps))).toBe(true);
    await page.clock.pauseAt(Date.now() + 60_000);
    await search.fill('kwame');
    await page.clock.runFor(250);
    await expect(count(page)).toHaveText(`Showing ${total} of ${total} artists`);
    await page.clock.runFor(100);
    await expect(count(page)).toHaveText(`Showing 1 of ${total} artists`);
  });

  test('a genre matches only through an approved track', { tag: '@phone-only' }, async ({ page, request }) => {
    const name = unique('E2E Jazz Pending');
    const { track } = await approvedArtistWithPendingTrack(request, name, 'Jazz');
    await page.goto('/artists/directory');
    await page.getByRole('searchbox', { name: 'Search' }).fill(name);
    await expect(cards(page)).toHaveCount(1);
    await page.getByRole('combobox', { name: 'Genre' }).selectOption('Jazz');
    await expect(page.getByRole('heading', { name: 'No Artists Found' })).toBeVisible();

    expect((await request.patch(`/api/tracks/${track.id}`, { headers: admin, data: { status: 'approved' } })).status()).toBe(200);
    await page.reload();
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText(name);
  });

  test('empty state: No Artists Found with a link to submit', async ({ page, request }) => {
    const total = (await approvedArtists(request)).length;
    await page.goto('/artists/directory');
    await page.getByRole('searchbox', { name: 'Search' }).fill('zzz no such artist anywhere');
    await expect(page.getByRole('heading', { name: 'No Artists Found' })).toBeVisible();
    await expect(count(page)).toHaveText(`Showing 0 of ${total} artists`);
    const link = page.locator('.empty-state').getByRole('link', { name: 'Submit Your Music' });
    await expect(link).toHaveAttribute('href', '/artists/submit');
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Submit Your Music' })).toBeVisible();
  });

  test('12 loading placeholders while the list is on its way', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/artists?approved=true*', async (route) => {
      await held;
      await route.continue();
    });
    // The server renders the directory with its list (docs/server-render.md), except for a
    // visitor saving data, who gets the app's shell and the app's placeholders.
    await page.setExtraHTTPHeaders({ 'Save-Data': 'on' });
    await page.goto('/artists/directory');
    await expect(page.locator('.artist-directory [data-testid="placeholder"]')).toHaveCount(12);
    release();
    await expect(page.locator('.artist-directory [data-testid="placeholder"]')).toHaveCount(0);
    await expect(count(page)).toBeVisible();
  });
});

test.describe('Artist detail', () => {
  test('profile with flag, country, Featured, bio, links and approved tracks only', async ({ page, request }) => {
    const kwame = await artistByName(request, 'Kwame Lewis');
    const tracks = (await allTracks(request)).filter((t) => t.artistId === kwame.id);
    expect(tracks.map((t) => t.status).sort()).toEqual(['approved', 'pending']);
    const approvedTitles = tracks.filter((t) => t.status === 'approved').map((t) => t.title);
    const pendingTitle = tracks.find((t) => t.status === 'pending')!.title;

    await page.goto('/artists/directory');
    await page.getByRole('searchbox', { name: 'Search' }).fill('Kwame');
    await expect(cards(page)).toHaveCount(1);
    await cards(page).getByRole('link', { name: /View Profile/ }).click();
    await expect(page).toHaveURL(new RegExp(`/artists/${kwame.id}$`));

    await expect(page.getByRole('heading', { level: 1, name: 'Kwame Lewis' })).toBeVisible();
    await expect(page.locator('.profile .country-badge')).toHaveText('Guyana');
    await expect(page.locator('.profile .featured-badge')).toHaveText('Featured');
    await expect(page.locator('.profile-bio')).toHaveText(kwame.bio);
    await expect(page.getByRole('img', { name: 'Photo of Kwame Lewis' })).toBeVisible();
    for (const [label, key] of [['YouTube', 'youtube'], ['Spotify', 'spotify']] as const) {
      const link = page.locator('.profile').getByRole('link', { name: new RegExp(label) });
      await expect(link).toHaveAttribute('href', kwame.socials[key]!);
      await expect(link).toHaveAttribute('target', '_blank');
    }
    await expect(page.getByRole('heading', { name: `Approved Tracks (${approvedTitles.length})` })).toBeVisible();
    await expect(page.getByTestId('track')).toHaveCount(approvedTitles.length);
    for (const title of approvedTitles) await expect(page.getByTestId('track').filter({ hasText: title })).toBeVisible();
    await expect(page.getByText(pendingTitle)).toHaveCount(0);
  });

  test('a rejected track is not listed; SoundCloud is linked on the profile', async ({ page, request }) => {
    const rebel = await artistByName(request, 'Rupununi Rebel');
    await page.goto(`/artists/${rebel.id}`);
    await expect(page.getByRole('heading', { name: 'Approved Tracks (1)' })).toBeVisible();
    await expect(page.getByTestId('track')).toContainText('Savannah Fire');
    await expect(page.getByText('Border Ting')).toHaveCount(0);

    const steel = await artistByName(request, 'Demerara Steel Collective');
    await page.goto(`/artists/${steel.id}`);
    await expect(page.locator('.profile').getByRole('link', { name: /SoundCloud/ })).toHaveAttribute('href', steel.socials.soundcloud!);
  });

  test('an artist with no approved track says so', async ({ page, request }) => {
    const { artist } = await approvedArtistWithPendingTrack(request, unique('E2E No Tracks'), 'Pop');
    await page.goto(`/artists/${artist.id}`);
    await expect(page.getByRole('heading', { level: 1, name: artist.name })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Approved Tracks (0)' })).toBeVisible();
    await expect(page.getByText('No approved tracks yet')).toBeVisible();
    // No photo: the first letter stands in.
    await expect(page.locator('.profile').getByTestId('artist-initial')).toHaveText('E');
  });

  test('a missing (or unapproved) artist: Artist Not Found with a way back', async ({ page, request }) => {
    await page.goto('/artists/no-such-artist');
    await expect(page.getByRole('heading', { level: 1, name: 'Artist Not Found' })).toBeVisible();
    await expect(page.getByText("The artist you're looking for doesn't exist.")).toBeVisible();

    const pending = await artistByName(request, 'Nadira Khan');
    expect(pending.approved).toBe(false);
    await page.goto(`/artists/${pending.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Artist Not Found' })).toBeVisible();

    await page.getByRole('link', { name: 'Back to Artists' }).click();
    await expect(page).toHaveURL(/\/artists$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Caribbean Artists' })).toBeVisible();
  });
});

test.describe('Country page', () => {
  test('switching country saves it, updates ?country= and back/forward re-read it', async ({ page, request }) => {
    const approved = await approvedArtists(request);
    const of = (code: string) => approved.filter((a) => a.countryCode === code).length;
    const heading = page.getByRole('heading', { level: 1 });
    const picker = page.getByRole('combobox', { name: 'Choose a country' });

    await page.goto('/country?country=GY');
    await expect(heading).toHaveText('Guyana');
    await expect(cards(page)).toHaveCount(of('GY'));

    await picker.selectOption('JM');
    await expect(page).toHaveURL(/\/country\?country=JM$/);
    await expect(heading).toHaveText('Jamaica');
    await expect(cards(page)).toHaveCount(of('JM'));
    expect(await page.evaluate(() => localStorage.getItem('selectedCountry'))).toBe('JM');

    await picker.selectOption('BS');
    await expect(heading).toHaveText('The Bahamas');
    await expect(cards(page)).toHaveCount(of('BS'));

    await page.goBack();
    await expect(page).toHaveURL(/country=JM$/);
    await expect(heading).toHaveText('Jamaica');
    await expect(picker).toHaveValue('JM');
    await page.goBack();
    await expect(heading).toHaveText('Guyana');
    await page.goForward();
    await expect(heading).toHaveText('Jamaica');

    // No parameter: the saved choice. An invalid one is ignored with a console warning.
    await page.goto('/country');
    await expect(heading).toHaveText('The Bahamas');
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await page.goto('/country?country=XX');
    await expect(heading).toHaveText('The Bahamas');
    await expect.poll(() => warnings.some((w) => w.includes('XX'))).toBe(true);
  });

  test('8 loading placeholders, then No Artists Yet for a country without artists', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/artists?approved=true*', async (route) => {
      await held;
      await route.fulfill({ json: [] });
    });
    // The server renders the country page with its list; a visitor saving data gets the shell.
    await page.setExtraHTTPHeaders({ 'Save-Data': 'on' });
    await page.goto('/country?country=DM');
    await expect(page.locator('.country-page [data-testid="placeholder"]')).toHaveCount(8);
    release();
    await expect(page.getByRole('heading', { name: 'No Artists Yet' })).toBeVisible();
    await expect(page.locator('.empty-state').getByRole('link', { name: 'Submit Your Music' })).toHaveAttribute('href', '/artists/submit');
  });
});

test('phone layout: no sideways scrolling at 375 px on any artists screen', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const kwame = await artistByName(request, 'Kwame Lewis');
  const screens: [string, string][] = [
    ['/artists', 'Caribbean Artists'],
    ['/artists/directory', 'Artist Directory'],
    [`/artists/${kwame.id}`, 'Kwame Lewis'],
    ['/artists/submit', 'Submit Your Music'],
    ['/country?country=TT', 'Trinidad & Tobago'],
  ];
  for (const [path, title] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('main [data-testid="placeholder"]')).toHaveCount(0);
    await noSidewaysScroll(page);
  }
  // With the errors showing, too.
  await page.goto('/artists/submit');
  await page.getByRole('button', { name: 'Submit Music' }).click();
  await expect(page.getByTestId('error-audio')).toBeVisible();
  await noSidewaysScroll(page);
});
