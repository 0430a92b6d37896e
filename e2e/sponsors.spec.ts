import type { APIRequestContext } from '@playwright/test';
import { admin, caribbean, changeSettings, expect, expectNoSideways, test, toast, unique } from './fixtures';

interface SponsorRow {
  id: string;
  name: string;
  tier: string;
  imageUrl: string | null;
  targetUrl: string | null;
  notes?: string;
  active: boolean;
}

/** An active sponsor of our own: applied for like a visitor, then activated by an admin. */
async function createActiveSponsor(request: APIRequestContext, name: string, tier: string, imageUrl: string | null = null): Promise<string> {
  const res = await request.post('/api/sponsors', {
    data: { name, tier, targetUrl: `https://${name.replace(/\W/g, '').toLowerCase()}.example`, notes: 'e2e', active: true },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as SponsorRow;
  const patch = await request.patch(`/api/sponsors/${id}`, { headers: admin, data: { active: true, imageUrl } });
  expect(patch.status()).toBe(200);
  return id;
}

async function removeSponsors(request: APIRequestContext, ids: string[]) {
  for (const id of ids) await request.delete(`/api/sponsors/${id}`, { headers: admin });
}


test.describe('sponsors page', () => {
  test('groups active sponsors by tier, with logos, initials and links in a new tab', async ({ page, request }) => {
    const premium = unique('E2E Premium Co');
    const standard = unique('E2E Standard Co');
    const supporting = unique('E2E Supporting Co');
    const ids = [
      await createActiveSponsor(request, premium, 'premium', '/demo/sponsors/carnival-threads.svg'),
      await createActiveSponsor(request, standard, 'standard'),
      await createActiveSponsor(request, supporting, 'supporting'),
    ];
    try {
      await page.goto('/sponsors');
      const groups = page.locator('.sponsor-group h2');
      await expect(groups).toHaveText(['Premium Partners', 'Supporting Partners', 'Community Supporters']);
      const premiumGroup = page.getByRole('region', { name: 'Premium Partners' });
      await expect(premiumGroup.getByRole('heading', { name: premium })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Supporting Partners' }).getByRole('heading', { name: standard })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Community Supporters' }).getByRole('heading', { name: supporting })).toBeVisible();

      const premiumCard = premiumGroup.getByRole('listitem').filter({ hasText: premium });
      await expect(premiumCard.getByRole('img', { name: `${premium} logo` })).toBeVisible();
      const link = premiumCard.getByRole('link', { name: `Visit ${premium}` });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('href', /^https:\/\/e2epremiumco.*\.example$/);

      await expect(page.getByRole('region', { name: 'Partner With Us' }).getByRole('link', { name: 'Become a Sponsor' })).toHaveAttribute('href', '/sponsors/submit');
      await expectNoSideways(page);

      // Low Data Mode: no images at all, the initial letter instead.
      await page.evaluate(() => localStorage.setItem('lowDataMode', 'true'));
      await page.reload();
      await expect(premiumGroup.getByRole('heading', { name: premium })).toBeVisible();
      await expect(page.locator('.sponsors-page img')).toHaveCount(0);
      await expect(premiumCard.locator('.sponsor-initial')).toHaveText('E');
    } finally {
      await removeSponsors(request, ids);
    }
  });

  test("'No Sponsors Yet' when the tenant has no active sponsor", async ({ page, request }) => {
    const all = (await (await request.get(caribbean('/api/sponsors'), { headers: admin })).json()) as SponsorRow[];
    const active = all.filter((s) => s.active);
    const elsewhere = unique('E2E Watzhott Only Co');
    const ids: string[] = [];
    try {
      ids.push(await createActiveSponsor(request, elsewhere, 'premium'));
      for (const s of active) {
        expect((await request.patch(caribbean(`/api/sponsors/${s.id}`), { headers: admin, data: { active: false } })).status()).toBe(200);
      }
      await page.goto(caribbean('/sponsors'));
      await expect(page.getByRole('heading', { name: 'No Sponsors Yet' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Partner With Us' }).getByRole('link', { name: 'Become a Sponsor' })).toBeVisible();
      // Sponsors belong to their tenant: watzhott still lists its own.
      await page.goto('/sponsors');
      await expect(page.getByRole('region', { name: 'Premium Partners' }).getByRole('heading', { name: elsewhere })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'No Sponsors Yet' })).toHaveCount(0);
    } finally {
      for (const s of active) await request.patch(caribbean(`/api/sponsors/${s.id}`), { headers: admin, data: { active: true } });
      await removeSponsors(request, ids);
    }
  });

  test("'Become a Sponsor' opens the configured sponsor URL in a new tab", async ({ page, request }) => {
    const restore = await changeSettings(request, { sponsorUrl: 'https://sponsor.example/apply' });
    try {
      await page.goto('/sponsors');
      const cta = page.getByRole('region', { name: 'Partner With Us' }).getByRole('link', { name: 'Become a Sponsor' });
      await expect(cta).toHaveAttribute('href', 'https://sponsor.example/apply');
      await expect(cta).toHaveAttribute('target', '_blank');
    } finally {
      await restore();
    }
  });
});

test.describe('sponsor application', () => {
  test('shows the tiers and the spec messages beside the fields, sending nothing', async ({ page }) => {
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/sponsors') posts += 1;
    });
    await page.goto('/sponsors/submit');
    await expect(page.getByRole('heading', { name: 'Become a Sponsor', level: 1 })).toBeVisible();
    const tiers = page.getByRole('region', { name: 'Partnership tiers' });
    await expect(tiers.getByRole('heading', { level: 2 })).toHaveText(['Community Supporter', 'Supporting Partner', 'Premium Partner']);
    await expect(tiers).toContainText('$100 - $500');
    await expect(tiers).toContainText('$500 - $2000');
    await expect(tiers).toContainText('$2000+');
    await expect(page.getByRole('heading', { name: 'Partnership Application' })).toBeVisible();
    await expect(page.getByText('contact you within 2-3 business days')).toBeVisible();
    await expectNoSideways(page);

    await page.getByRole('button', { name: 'Submit Partnership Application' }).click();
    const form = page.getByRole('form', { name: 'Partnership Application' });
    for (const message of ['Company name is required', 'Valid email is required', 'Budget range is required', 'Please provide more details about your goals']) {
      await expect(form.getByText(message)).toBeVisible();
    }
    await expect(page.getByLabel('Company name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Company name')).toBeFocused();

    await page.getByLabel('Company name').fill('E2E Co');
    await page.getByLabel('Contact email').fill('not-an-email');
    await page.getByLabel('Website (optional)').fill('not a url');
    await page.getByLabel('Partnership goals').fill('Too short');
    await page.getByRole('button', { name: 'Submit Partnership Application' }).click();
    await expect(form.getByText('Valid email is required')).toBeVisible();
    await expect(form.getByText('Valid website URL is required')).toBeVisible();
    await expect(form.getByText('Please provide more details about your goals')).toBeVisible();
    await expect(form.getByText('Company name is required')).toHaveCount(0);
    await expect(page.getByLabel('Company name')).toHaveValue('E2E Co');
    expect(posts).toBe(0);
  });

  test('a valid application is stored inactive with the notes, and the form resets', { tag: '@phone-only' }, async ({ page, request }) => {
    const company = unique('E2E Applicant Ltd');
    await page.goto('/sponsors/submit');
    await page.getByRole('button', { name: 'Choose Premium Partner' }).click();
    await expect(page.getByLabel('Sponsorship tier')).toHaveValue('premium');
    await page.getByLabel('Company name').fill(company);
    await page.getByLabel('Contact email').fill('partners@e2e-applicant.example');
    await page.getByLabel('Website (optional)').fill('https://e2e-applicant.example');
    await page.getByLabel('Budget range').selectOption('$2,500 - $5,000');
    await page.getByLabel('Partnership goals').fill('Reach gospel listeners across Guyana and Barbados every Sunday.');
    await page.getByLabel('Additional message (optional)').fill('Happy to talk about a live session.');
    await page.getByRole('button', { name: 'Submit Partnership Application' }).click();

    await expect(toast(page)).toContainText('Sponsorship Application Submitted!');
    await expect(toast(page)).toContainText('Thank you for your interest. Our team will contact you within 2-3 business days.');
    await expect(page.getByLabel('Company name')).toHaveValue('');
    await expect(page.getByLabel('Budget range')).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Submit Partnership Application' })).toBeEnabled();

    const all = (await (await request.get('/api/sponsors', { headers: admin })).json()) as SponsorRow[];
    const stored = all.find((s) => s.name === company);
    try {
      expect(stored, 'the application is stored').toBeTruthy();
      expect(stored!.active).toBe(false);
      expect(stored!.tier).toBe('premium');
      expect(stored!.targetUrl).toBe('https://e2e-applicant.example');
      expect(stored!.notes).toContain('partners@e2e-applicant.example');
      expect(stored!.notes).toContain('$2,500 - $5,000');
      expect(stored!.notes).toContain('Reach gospel listeners across Guyana and Barbados every Sunday.');
      expect(stored!.notes).toContain('Happy to talk about a live session.');
      const pub = (await (await request.get('/api/sponsors')).json()) as SponsorRow[];
      expect(pub.some((s) => s.name === company)).toBe(false);
    } finally {
      if (stored) await removeSponsors(request, [stored.id]);
    }
  });
});
