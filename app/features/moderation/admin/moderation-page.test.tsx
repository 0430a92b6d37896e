// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { ToastProvider } from '../../../components/toasts';
import { jsonResponse, mockFetchEachTest } from '../../../test/mock-fetch';
import { ModerationPage } from './moderation-page';
import type { ModerationTab } from './moderation-tabs';

// A component test: fetch is the boundary here. The real server is exercised by
// e2e/admin-moderation.spec.ts; these cover what a shared e2e database cannot promise,
// such as every queue being empty at once.
const fetchMock = mockFetchEachTest({ admin: true });

function renderPage(initial: ModerationTab = 'artists') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  let tab: ModerationTab = initial;
  const view = () => (
    <QueryClientProvider client={client}>
      <ToastProvider>
        <ModerationPage
          tab={tab}
          onTabChange={(next) => {
            tab = next;
            result.rerender(view());
          }}
        />
      </ToastProvider>
    </QueryClientProvider>
  );
  const result = render(view());
  return userEvent.setup();
}

const pendingArtist = {
  id: 'a1',
  name: 'Ria Sample',
  bio: 'A bio that is certainly longer than fifty characters, to be cut short.',
  countryCode: 'GY',
  photoUrl: null,
  featured: false,
  socials: {},
  approved: false,
  createdAt: '2026-01-05T10:00:00.000Z',
};

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('ModerationPage', () => {
  it('says each queue is empty, in the spec words, with zero counts', async () => {
    window.history.replaceState(null, '', '/admin/moderation?tenant=caribbean');
    fetchMock.mockImplementation(async () => jsonResponse([]));
    const user = renderPage();

    expect(await screen.findByRole('heading', { name: 'No pending artist submissions' })).toBeTruthy();
    expect(screen.getByTestId('pending-badge').textContent).toBe('0 pending');
    const expectations: [RegExp, string][] = [
      [/^Tracks/, 'No pending track submissions'],
      [/^Prayers/, 'No pending prayer requests'],
      [/^Shoutouts/, 'No pending shoutouts'],
      [/^Chat/, 'Nothing waiting'],
      [/^Events/, 'No events found'],
    ];
    for (const [tab, message] of expectations) {
      await user.click(screen.getByRole('tab', { name: tab }));
      expect(await screen.findByRole('heading', { name: message })).toBeTruthy();
    }
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Artists (0)', 'Tracks (0)', 'Prayers (0)', 'Shoutouts (0)', 'Chat (0)', 'Events']);
    // Caribbean has no events: the list is never asked for.
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContainEqual(expect.stringContaining('/api/events'));
    // Every call carried the key.
    for (const [, init] of fetchMock.mock.calls) expect((init?.headers as Record<string, string>)['x-admin-key']).toBe('test-key');
  });

  it('keeps the row and says why when the server refuses', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (init?.method === 'PATCH') return jsonResponse({ error: 'Artist not found' }, 404);
      if (url.startsWith('/api/artists')) return jsonResponse([pendingArtist]);
      return jsonResponse([]);
    });
    const user = renderPage();
    const row = await screen.findByTestId('moderation-row');
    expect(within(row).getByText(`${pendingArtist.bio.slice(0, 50)}...`)).toBeTruthy();
    expect(within(row).getByText('Guyana')).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: 'Approve Ria Sample' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Moderation Failed');
    expect(toast.textContent).toContain('Artist not found');
    expect(toast.className).toContain('toast-destructive');
    expect(screen.getByTestId('moderation-row')).toBe(row);
    expect((within(row).getByRole('button', { name: 'Approve Ria Sample' }) as HTMLButtonElement).disabled).toBe(false);
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(String(patch[0])).toBe('/api/artists/a1');
    expect(JSON.parse(String(patch[1]!.body))).toEqual({ approved: true });
  });

  it('takes the selected rows off at the tap of Reject selected; one the server refuses comes back, still selected', async () => {
    const artists = ['a1', 'a2', 'a3'].map((id, i) => ({ ...pendingArtist, id, name: `Artist ${i + 1}` }));
    let answerPatches: () => void = () => {};
    const patchesHeld = new Promise<void>((resolve) => (answerPatches = resolve));
    const rejected = new Set<string>();
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (init?.method === 'PATCH') {
        await patchesHeld;
        if (url.endsWith('/a2')) return jsonResponse({ error: 'Artist not found' }, 404);
        rejected.add(url.split('/').pop()!);
        return jsonResponse({});
      }
      if (url.startsWith('/api/artists')) return jsonResponse(artists.filter((a) => !rejected.has(a.id)));
      return jsonResponse([]);
    });
    const user = renderPage();
    expect(await screen.findAllByTestId('moderation-row')).toHaveLength(3);
    await user.click(screen.getByLabelText('Select all shown'));
    await user.click(screen.getByRole('button', { name: 'Reject selected' }));
    // Gone at once, while the requests are still on their way.
    expect(screen.queryAllByTestId('moderation-row')).toHaveLength(0);
    answerPatches();
    const toast = await screen.findByText('1 artist not rejected');
    expect(toast).toBeTruthy();
    const back = await screen.findAllByTestId('moderation-row');
    expect(back.map((r) => within(r).getByText(/^Artist \d$/).textContent)).toEqual(['Artist 2']);
    expect(screen.getByText('1 selected')).toBeTruthy();
  });

  it('moves between tabs with the arrow keys', async () => {
    fetchMock.mockImplementation(async () => jsonResponse([]));
    const user = renderPage();
    await screen.findByRole('heading', { name: 'No pending artist submissions' });
    screen.getByRole('tab', { name: /^Artists/ }).focus();
    await user.keyboard('{ArrowRight}');
    const tracks = screen.getByRole('tab', { name: /^Tracks/ });
    expect(tracks.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tracks);
    expect(await screen.findByRole('heading', { name: 'No pending track submissions' })).toBeTruthy();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: /^Artists/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('keeps a queue drawn when its tab is left, hidden from screen readers and taps, and shows the same rows again on return', async () => {
    fetchMock.mockImplementation(async (input) => (String(input).startsWith('/api/artists') ? jsonResponse([pendingArtist]) : jsonResponse([])));
    const user = renderPage();
    const row = await screen.findByTestId('moderation-row');
    const panel = row.closest('[role="tabpanel"]')!;

    await user.click(screen.getByRole('tab', { name: /^Tracks/ }));
    expect(await screen.findByRole('heading', { name: 'No pending track submissions' })).toBeTruthy();
    // Left behind, not thrown away: skipped by the style sheet, out of reach meanwhile.
    expect(row.isConnected).toBe(true);
    expect(panel.className).toContain('mod-panel-away');
    expect(panel.getAttribute('aria-hidden')).toBe('true');
    expect(panel.hasAttribute('inert')).toBe(true);
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);

    await user.click(screen.getByRole('tab', { name: /^Artists/ }));
    expect(screen.getByTestId('moderation-row')).toBe(row);
    expect(panel.className).toBe('mod-panel');
    expect(panel.hasAttribute('aria-hidden')).toBe(false);
    expect(panel.hasAttribute('inert')).toBe(false);
  });

  it.each([
    { screen: 'a desktop', width: 1024, first: 6 },
    { screen: "a phone's cards", width: 412, first: 3 },
  ])("opens a tab with a screen's worth of rows drawn and the rest in a background render: $screen", async ({ width, first }) => {
    // happy-dom's own window control: matchMedia then answers for this width.
    const { happyDOM } = window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } };
    happyDOM.setViewport({ width, height: 823 });
    onTestFinished(() => happyDOM.setViewport({ width: 1024, height: 768 }));
    const tracks = Array.from({ length: 10 }, (_, i) => ({ id: `t${i}`, title: `Track ${i}`, genre: 'Soca', explicit: false, status: 'pending', fileUrl: null, createdAt: '2026-01-05T10:00:00.000Z' }));
    fetchMock.mockImplementation(async (input) => (String(input).startsWith('/api/tracks') ? jsonResponse(tracks) : jsonResponse([])));
    const user = renderPage();
    await screen.findByRole('tab', { name: 'Tracks (10)' });
    const added: number[] = [];
    const rowsIn = (n: Node) => (n instanceof HTMLElement ? (n.matches('[data-testid="moderation-row"]') ? 1 : n.querySelectorAll('[data-testid="moderation-row"]').length) : 0);
    const watch = new MutationObserver((records) => {
      for (const r of records) {
        const count = [...r.addedNodes].reduce((sum, n) => sum + rowsIn(n), 0);
        if (count) added.push(count);
      }
    });
    watch.observe(document.body, { childList: true, subtree: true });
    await user.click(screen.getByRole('tab', { name: /^Tracks/ }));
    await waitFor(() => expect(screen.getAllByTestId('moderation-row')).toHaveLength(10));
    watch.disconnect();
    // The panel went in first (its rows counted as the observer runs, all of them by then), and
    // the rows past the first screen were appended to it by a later render.
    expect(added).toHaveLength(1 + 10 - first);
    expect(added.slice(1)).toEqual(Array(10 - first).fill(1));
    expect(screen.getByText('Showing 10 of 10')).toBeTruthy();
  });

  it('shows the tapped tab in the tap itself and has the URL follow once idle; a URL changed meanwhile (Back) wins', async () => {
    fetchMock.mockImplementation(async () => jsonResponse([]));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const asked: ModerationTab[] = [];
    const view = (tab: ModerationTab) => (
      <QueryClientProvider client={client}>
        <ToastProvider>
          <ModerationPage tab={tab} onTabChange={(next) => asked.push(next)} />
        </ToastProvider>
      </QueryClientProvider>
    );
    const result = render(view('artists'));
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'No pending artist submissions' });

    await user.click(screen.getByRole('tab', { name: /^Tracks/ }));
    // Drawn before the URL has changed: the router's navigation is not part of the tap.
    expect(screen.getByRole('tab', { name: /^Tracks/ }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('heading', { name: 'No pending track submissions' })).toBeTruthy();
    await waitFor(() => expect(asked).toEqual(['tracks']));
    result.rerender(view('tracks'));
    expect(screen.getByRole('tab', { name: /^Tracks/ }).getAttribute('aria-selected')).toBe('true');

    // The URL moved elsewhere (Back, a link), even to the one the tap was made on: it is shown.
    result.rerender(view('artists'));
    expect(screen.getByRole('tab', { name: /^Artists/ }).getAttribute('aria-selected')).toBe('true');
    result.rerender(view('shoutouts'));
    expect(screen.getByRole('tab', { name: /^Shoutouts/ }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('heading', { name: 'No pending shoutouts' })).toBeTruthy();
  });
});
