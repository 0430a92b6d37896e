import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { setAdminKey } from '../lib/admin-key';

/** An answer of the server with a JSON body. */
export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * For component and hook tests whose boundary is fetch: each test of the file gets a fresh
 * mock in fetch's place (returned, to answer and inspect), and its rendered tree is removed
 * after it. With `admin`, each test runs with an admin key set.
 */
export function mockFetchEachTest({ admin = false }: { admin?: boolean } = {}) {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    if (admin) setAdminKey('test-key');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    if (admin) setAdminKey(null);
  });
  return fetchMock;
}
