// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_EARLY_SCRIPT } from './admin-early.script';

// The shell's early admin script, in the bytes the shell carries (./admin-early.script.ts); the
// app's API client taking what it asked is ./early-answers.test.ts; e2e/admin-people.spec.ts
// runs both in Chromium with a real passkey session.

const page = globalThis as unknown as {
  history: { replaceState(data: unknown, unused: string, url: string): void };
  sessionStorage: { setItem(k: string, v: string): void; clear(): void };
  localStorage: { setItem(k: string, v: string): void; clear(): void };
  __adminEarly?: unknown;
};

/** The server's answers: who is signed in as `role` (none: 401), an empty list for the rest. */
function serverAnswering(role: string | null) {
  const asked: { url: string; session: string | null }[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    asked.push({ url, session: new Headers(init?.headers).get('x-admin-session') });
    if (url.startsWith('/api/admin/me')) {
      return role ? Response.json({ id: 'p1', name: 'Mo', role }) : Response.json({ error: 'Not signed in' }, { status: 401 });
    }
    return Response.json([]);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { asked, fetchMock };
}

/** The shell opened at `url`: its head's script runs. */
async function openShell(url: string): Promise<void> {
  page.history.replaceState(null, '', url);
  new Function(ADMIN_EARLY_SCRIPT)();
  // The me answer, then the queues asked on it.
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

afterEach(() => {
  vi.unstubAllGlobals();
  page.sessionStorage.clear();
  page.localStorage.clear();
  delete page.__adminEarly;
  page.history.replaceState(null, '', '/');
});

describe("the shell's early admin script", () => {
  it("on /admin/moderation asks who is signed in and the queues, with the session header", async () => {
    const { asked } = serverAnswering('moderator');
    await openShell('/admin/moderation');
    expect(asked).toEqual([
      { url: '/api/admin/me', session: '1' },
      { url: '/api/artists?pending=true&limit=25', session: '1' },
      { url: '/api/tracks?pending=true&limit=25', session: '1' },
      { url: '/api/shoutouts?pending=true&limit=25', session: '1' },
    ]);
  });

  it("asks the Caribbean tenant's queues, prayers among them, under its parameter", async () => {
    const { asked } = serverAnswering('owner');
    await openShell('/admin/moderation?tenant=caribbean');
    expect(asked.map((a) => a.url)).toEqual([
      '/api/admin/me?tenant=caribbean',
      '/api/artists?pending=true&limit=25&tenant=caribbean',
      '/api/tracks?pending=true&limit=25&tenant=caribbean',
      '/api/prayers?pending=true&limit=25&tenant=caribbean',
      '/api/shoutouts?pending=true&limit=25&tenant=caribbean',
    ]);
  });

  it('without the hint, asks the queues only once the answer says the person may moderate; nothing on a public page or with a typed key', async () => {
    let server = serverAnswering('editor');
    await openShell('/admin/moderation');
    expect(server.asked.map((a) => a.url)).toEqual(['/api/admin/me']);
    server = serverAnswering(null);
    await openShell('/admin/moderation');
    expect(server.asked.map((a) => a.url)).toEqual(['/api/admin/me']);
    server = serverAnswering('owner');
    await openShell('/admin/people');
    expect(server.asked.map((a) => a.url)).toEqual(['/api/admin/me']);
    server = serverAnswering('owner');
    await openShell('/schedule');
    expect(server.asked).toEqual([]);
    page.sessionStorage.setItem('adminKey', 'typed-key');
    await openShell('/admin/moderation');
    expect(server.asked).toEqual([]);
  });

  it("with the device's hint, asks the queues beside who is signed in, and gives them only for someone who may moderate", async () => {
    const queues = ['/api/artists?pending=true&limit=25', '/api/tracks?pending=true&limit=25', '/api/shoutouts?pending=true&limit=25'];
    const given = async () => {
      const kept = page.__adminEarly as Record<string, { answer: Promise<Response | null> }>;
      return Promise.all(queues.map(async (q) => (await kept[q]!.answer) !== null));
    };
    page.localStorage.setItem('adminModerates', '1');
    let server = serverAnswering('moderator');
    page.history.replaceState(null, '', '/admin/moderation');
    new Function(ADMIN_EARLY_SCRIPT)();
    // All four leave at once, before the first answer.
    expect(server.asked.map((a) => a.url)).toEqual(['/api/admin/me', ...queues]);
    expect(await given()).toEqual([true, true, true]);
    server = serverAnswering('editor');
    await openShell('/admin/moderation');
    expect(server.asked.map((a) => a.url)).toEqual(['/api/admin/me', ...queues]);
    expect(await given()).toEqual([false, false, false]);
  });

  it('keeps each answer on the window under the URL it asked, for the app to take (./early-answers.ts)', async () => {
    serverAnswering('moderator');
    await openShell('/admin/moderation?tenant=caribbean');
    expect(Object.keys(page.__adminEarly as object)).toEqual([
      '/api/admin/me?tenant=caribbean',
      '/api/artists?pending=true&limit=25&tenant=caribbean',
      '/api/tracks?pending=true&limit=25&tenant=caribbean',
      '/api/prayers?pending=true&limit=25&tenant=caribbean',
      '/api/shoutouts?pending=true&limit=25&tenant=caribbean',
    ]);
  });
});
