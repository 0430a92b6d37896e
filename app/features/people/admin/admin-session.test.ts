// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetchEachTest } from '../../../test/mock-fetch';

const fetchMock = mockFetchEachTest();
// A fresh module each test: the session is asked once per page load.
const fresh = async () => {
  vi.resetModules();
  return { ...(await import('./admin-session')), ...(await import('../../../lib/admin-key')) };
};

describe('adminAccessAsked (the /admin loaders)', () => {
  it('answers from the admin key without asking the server', async () => {
    const { adminAccessAsked, setAdminKey } = await fresh();
    setAdminKey('a-key');
    try {
      expect(await adminAccessAsked()).toMatchObject({ role: 'owner', via: 'key' });
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      setAdminKey(null);
    }
  });

  it('asks GET /api/admin/me once for a session, and says none after a 401', async () => {
    const { adminAccessAsked, sessionAnswered } = await fresh();
    fetchMock.mockImplementation(async () => jsonResponse({ error: 'Not signed in' }, 401));
    expect(sessionAnswered()).toBe(false);
    expect(await adminAccessAsked()).toBeNull();
    expect(await adminAccessAsked()).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/api/admin/me');
    expect(sessionAnswered()).toBe(true);
  });

  it("gives the signed-in person's role once the server names them", async () => {
    const { adminAccessAsked } = await fresh();
    fetchMock.mockImplementation(async () => jsonResponse({ id: 'p1', name: 'Mo', role: 'moderator' }));
    expect(await adminAccessAsked()).toMatchObject({ name: 'Mo', role: 'moderator' });
  });

  it("remembers on the device whether its session could moderate, for the shell's early questions", async () => {
    let { adminAccessAsked } = await fresh();
    fetchMock.mockImplementation(async () => jsonResponse({ id: 'p1', name: 'Mo', role: 'moderator' }));
    await adminAccessAsked();
    expect(localStorage.getItem('adminModerates')).toBe('1');
    ({ adminAccessAsked } = await fresh());
    fetchMock.mockImplementation(async () => jsonResponse({ error: 'Not signed in' }, 401));
    await adminAccessAsked();
    expect(localStorage.getItem('adminModerates')).toBeNull();
    ({ adminAccessAsked } = await fresh());
    localStorage.setItem('adminModerates', '1');
    fetchMock.mockImplementation(async () => jsonResponse({ id: 'p2', name: 'Ed', role: 'editor' }));
    await adminAccessAsked();
    expect(localStorage.getItem('adminModerates')).toBeNull();
  });
});
