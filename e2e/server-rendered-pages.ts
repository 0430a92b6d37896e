import type { Page } from '@playwright/test';

// The public pages the server renders, and what each shows once painted (docs/server-render.md):
// shared by server-render.spec.ts and server-render-dates.spec.ts.

export type Content = (page: Page) => ReturnType<Page['getByRole']>;

export const PAGES: { path: string; heading: string | RegExp; content: Content; caribbean?: { heading: string | RegExp; content: Content } }[] = [
  { path: '/', heading: /^LIVE /, content: (page: Page) => page.getByRole('button', { name: 'Listen Live' }) },
  { path: '/artists', heading: 'Caribbean Artists', content: (page: Page) => page.getByRole('heading', { name: 'Featured Artists from Guyana' }) },
  { path: '/artists/directory', heading: 'Artist Directory', content: (page: Page) => page.getByRole('list', { name: 'Artists' }).getByRole('article').first() },
  { path: '/country', heading: 'Guyana', content: (page: Page) => page.getByRole('list', { name: 'Artists from Guyana' }).getByRole('article').first() },
  // The country the address names, from the server too: not Guyana until the app has started.
  { path: '/country?country=JM', heading: 'Jamaica', content: (page: Page) => page.getByRole('list', { name: 'Artists from Jamaica' }).getByRole('article').first() },
  { path: '/sponsors/submit', heading: 'Become a Sponsor', content: (page: Page) => page.getByRole('button', { name: 'Submit Partnership Application' }) },
  { path: '/schedule', heading: 'Schedule', content: (page: Page) => page.getByRole('tab', { name: 'Shows' }).or(page.getByText('Our weekly lineup')) },
  // Issue 43: the pages that were the app's shell until then.
  {
    path: '/events',
    heading: 'Upcoming Events',
    content: (page: Page) => page.getByTestId('event-card').getByRole('button', { name: /^Get Tickets/ }),
    // Events are watzhott's alone (docs/product.md).
    caribbean: { heading: 'Events Not Available', content: (page: Page) => page.getByRole('button', { name: 'Back to Home' }) },
  },
  {
    path: '/watch',
    heading: /^LIVE Watch /,
    content: (page: Page) => page.getByRole('button', { name: 'Audio only' }),
  },
  { path: '/sponsors', heading: 'Our Sponsors', content: (page: Page) => page.getByRole('link', { name: 'Become a Sponsor' }) },
  { path: '/give', heading: 'Give', content: (page: Page) => page.getByText('Donation options coming soon', { exact: true }) },
  { path: '/shop', heading: 'Shop', content: (page: Page) => page.getByText('Shop coming soon', { exact: true }) },
  { path: '/privacy', heading: 'Privacy', content: (page: Page) => page.getByRole('heading', { name: 'What is counted' }) },
  { path: '/episodes', heading: 'Listen Again', content: (page: Page) => page.getByRole('heading', { name: 'Saved for offline' }) },
];

/** The page's errors and console errors, gathered for the test's end. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}
