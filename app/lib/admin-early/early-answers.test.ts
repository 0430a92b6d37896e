// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ME_PATH } from '../../../domain/admin-session';
import { queueFirstPage } from '../../../domain/moderation';
import { api } from '../api-client';
import { keepEarlyAnswer } from './early-answers';

// The app's API client taking the answers the shell's early script asked (./admin-early.page.ts,
// whose own test checks the URLs it keeps them under).

const me = { id: 'p1', name: 'Mo', role: 'moderator' };

function serverAnswering() {
  const fetchMock = vi.fn(async (input: string | URL | Request) => (String(input).startsWith(ADMIN_ME_PATH) ? Response.json(me) : Response.json([])));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** What the script does for each question: asks it, and keeps the answer by its URL. */
function askedEarly(url: string): void {
  keepEarlyAnswer(url, fetch(url));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete (globalThis as { __adminEarly?: unknown }).__adminEarly;
});

describe('the early answers, taken by the app', () => {
  it("are taken once by the app's same questions with the session; a later one, or one with the key, is asked of the server", async () => {
    const fetchMock = serverAnswering();
    askedEarly(ADMIN_ME_PATH);
    askedEarly(queueFirstPage('artists'));
    askedEarly(queueFirstPage('tracks'));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(await api(ADMIN_ME_PATH, { adminSession: true })).toEqual(me);
    expect(await api(queueFirstPage('artists'), { adminSession: true })).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await api(ADMIN_ME_PATH, { adminSession: true });
    expect(fetchMock).toHaveBeenCalledTimes(4);
    await api(queueFirstPage('tracks'), { adminKey: 'typed-key' });
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });

  it("one that is not to be used (a queue for someone who may not moderate) is asked of the server", async () => {
    const fetchMock = serverAnswering();
    keepEarlyAnswer(queueFirstPage('artists'), Promise.resolve(null));
    expect(await api(queueFirstPage('artists'), { adminSession: true })).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('one asked more than 10 s before the app asks is asked again', async () => {
    const fetchMock = serverAnswering();
    const now = vi.spyOn(performance, 'now').mockReturnValue(1_000);
    askedEarly(ADMIN_ME_PATH);
    now.mockReturnValue(11_500);
    await api(ADMIN_ME_PATH, { adminSession: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a failed early question fails the app\'s as its own fetch would, and is reported nowhere else', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    askedEarly(ADMIN_ME_PATH);
    await expect(api(ADMIN_ME_PATH, { adminSession: true })).rejects.toThrow('Failed to fetch');
  });
});
