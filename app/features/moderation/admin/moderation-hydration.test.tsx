// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { publicSettings, withDefaults } from '../../../../domain/settings';
import { cleanUpBothSides, hydrateAsBrowser, loadAsBrowser, renderAsServer } from '../../../test/both-sides';
import { jsonResponse } from '../../../test/mock-fetch';
import { getSignedIn } from '../../../lib/admin-access';
import { setServerSignedIn } from '../../../lib/server-render';
import { forgetSession } from '../../people/admin/admin-session';

// The moderator's page drawn by the server and hydrated by the browser (docs/server-render.md,
// "A moderator's page"), as app/entry-server.tsx and app/main.tsx run them, fetch as the
// boundary: the browser is in Tokyo, the server writes the dates in UTC.

const MAYA = { id: 'id-maya', name: 'Maya', role: 'moderator', via: 'passkey' };
// 23:30 UTC on the 1st is the 2nd in Tokyo.
const artist = (i: number) => ({ id: `a${i}`, name: `Pending Artist ${i}`, bio: 'Sings of island life.', countryCode: 'JM', photoUrl: null, featured: false, approved: false, createdAt: '2026-12-01T23:30:00.000Z', reviewedAt: null });

afterEach(() => {
  cleanUpBothSides();
  forgetSession();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

function stubApi(): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    asked.push(url.pathname + url.search);
    const session = new Headers(init?.headers).get('x-admin-session') === '1';
    if (url.pathname === '/api/settings') return Promise.resolve(jsonResponse(publicSettings(withDefaults('watzhott', {}))));
    if (url.pathname === '/api/admin/me') return Promise.resolve(session ? jsonResponse(MAYA) : jsonResponse({ error: 'Not signed in' }, 401));
    if (url.pathname === '/api/artists' && url.searchParams.get('pending') === 'true') {
      return Promise.resolve(new Response(JSON.stringify(Array.from({ length: 10 }, (_, i) => artist(i + 1))), { headers: { 'Content-Type': 'application/json', 'X-Total-Count': '10' } }));
    }
    return Promise.resolve(jsonResponse([]));
  });
  return asked;
}

it("hydrates the server's first screen as the person it was drawn for, without a mismatch or a question, then shows the rest in the admin's own zone", async () => {
  const asked = stubApi();
  window.history.replaceState(null, '', '/admin/moderation');

  // The server: the moderator's session answers who; a phone's first screen of the queue.
  const { html, state } = await renderAsServer('/admin/moderation');
  const person = getSignedIn();
  forgetSession();
  expect(person?.name).toBe('Maya');
  expect(html.match(/data-testid="moderation-row"/g)).toHaveLength(3);
  expect(html).toContain('>Dec 1, 2026</time>');

  // The browser, in Tokyo: who the page was drawn for and its data, then the hydration.
  vi.stubEnv('TZ', 'Asia/Tokyo');
  asked.length = 0;
  setServerSignedIn(person);
  const browser = await loadAsBrowser(html, state);
  expect(await hydrateAsBrowser(browser)).toEqual([]);
  const container = browser.container;
  await waitFor(() => expect(container.querySelectorAll('[data-testid="moderation-row"]')).toHaveLength(10));
  expect(container.querySelector('time')?.textContent).toBe('Dec 2, 2026');
  expect(container.querySelector('.admin-who')?.textContent).toBe('Maya · moderator');
  // Who is signed in and the queue came with the page: neither is asked again.
  expect(asked.filter((path) => path.startsWith('/api/admin/me') || path.includes('pending=true'))).toEqual([]);
});
