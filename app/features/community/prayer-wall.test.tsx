// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Prayer } from '../../../domain/prayers';
import type { SettingsResponse } from '../../../domain/settings';
import { ToastProvider } from '../../components/toasts';
import { mockFetchEachTest } from '../../test/mock-fetch';
import { settingsQuery } from '../settings/api';
import { approvedPrayersQuery } from './api';
import { PrayerWallPage } from './prayer-wall';

// A component test: fetch is the boundary here. e2e/offline.spec.ts opens the wall through a
// link that drops, against the real server.
const fetchMock = mockFetchEachTest();

const prayer: Prayer = {
  id: 'p1',
  text: 'Pray for the fishermen at Charity',
  nameOptional: null,
  hearts: 2,
  approved: true,
  createdAt: '2026-11-01T10:00:00.000Z',
} as Prayer;

/** The wall; `answered`: as a page came with it, its settings and its list already answered. */
function renderWall({ answered = true } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  if (answered) {
    client.setQueryData(settingsQuery().queryKey, { enablePrayerWall: true } as unknown as SettingsResponse);
    client.setQueryData(approvedPrayersQuery().queryKey, [prayer]);
  }
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <PrayerWallPage />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { client, user: userEvent.setup() };
}

describe('PrayerWallPage', () => {
  it('keeps its list and what is typed when asking again fails (a link that dropped)', async () => {
    const { client, user } = renderWall();
    await user.type(screen.getByLabelText('Your prayer request'), 'Rain for the rice fields');
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    await client.refetchQueries();
    await waitFor(() => expect(client.getQueryState(settingsQuery().queryKey)?.status).toBe('error'));

    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Pray for the fishermen at Charity')).toBeTruthy();
    expect((screen.getByLabelText('Your prayer request') as HTMLTextAreaElement).value).toBe('Rain for the rice fields');
  });

  it('says what failed, with a retry, when the wall has never loaded', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderWall({ answered: false });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('Failed to fetch')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
