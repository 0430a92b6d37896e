import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicSettings, withDefaults } from '../domain/settings';
import { builtInLogoUrl } from '../domain/tenants';
import { renderPage, warmUp, type PageRequest } from './entry-server';
import { routeTree } from './route-tree.gen';
import { jsonResponse } from './test/mock-fetch';

// The server's render of a page (docs/server-render.md), as server/http/page-render.ts calls
// it, with the in-process API as the boundary.

const settings = () => jsonResponse(publicSettings(withDefaults('watzhott', {})));
let release: () => void = () => {};
afterEach(() => release());

const request = (url: string, fetchApi: PageRequest['fetchApi'], dataWaitMs: number): PageRequest => ({
  url,
  hostname: 'localhost',
  origin: 'http://localhost',
  fetchApi,
  dataWaitMs,
});

it('renders the page once its route has loaded: the app, its heading and its data after it', async () => {
  const page = await renderPage(request('/privacy', () => Promise.resolve(settings()), 2000));
  expect(page?.html).toContain('class="app ');
  expect(page?.html).toMatch(/<h1[^>]*>Privacy/);
  expect(JSON.parse(page!.data).state.queries.length).toBeGreaterThan(0);
});

it("sends the shell (null) when the wait runs out before the page's route has loaded, never an app with nothing in it", async () => {
  // The settings, which the root route's loader waits for, come only after the wait.
  const answered = new Promise<void>((resolve) => (release = resolve));
  const fetchApi = (path: string) => (path === '/api/settings' ? answered.then(settings) : Promise.resolve(jsonResponse({ error: 'Not found' }, 404)));
  expect(await renderPage(request('/privacy', fetchApi, 0))).toBeNull();
});

it("renders every page's bar with the song on air and sends that answer with the page, so the app opens the stream without asking again", async () => {
  const onAir = { nowPlaying: { title: 'Hello', artist: 'Kes', art: null }, history: [], listeners: null, show: null, request: null };
  const fetchApi = (path: string) =>
    Promise.resolve(path === '/api/settings' ? settings() : path === '/api/np' ? new Response(JSON.stringify(onAir), { headers: { 'Content-Type': 'application/json', ETag: 'W/"np-1"' } }) : jsonResponse([]));
  const page = await renderPage(request('/privacy', fetchApi, 2000));
  expect(page?.html).toMatch(/data-testid="np-title"[^>]*>Hello</);
  const data = JSON.parse(page!.data) as { state: { queries: { queryKey: unknown[] }[] }; nowPlayingEtag: string | null };
  expect(data.state.queries.map((query) => query.queryKey[0])).toContain('np');
  expect(data.nowPlayingEtag).toBe('W/"np-1"');
});

describe("the radio page's artwork", () => {
  const onAir = (art: string | null) => ({ nowPlaying: { title: 'Smile Jamaica', artist: 'Chronixx', art }, history: [], listeners: null, show: null, request: null });
  const api = (art: string | null) => (path: string) =>
    Promise.resolve(
      path === '/api/settings'
        ? settings()
        : path === '/api/np'
          ? jsonResponse(onAir(art))
          : path.startsWith('/api/ads/')
            ? new Response(null, { status: 204 })
            : jsonResponse([]),
    );

  it('is the built-in logo drawn in the page when nothing else is on air: no SVG document to make before the first paint', async () => {
    const page = await renderPage(request('/', api(builtInLogoUrl('watzhott')), 2000));
    expect(page?.html).toMatch(/<svg class="hero-art" width="220" height="220"[^>]*aria-hidden="true"/);
    expect(page?.html).not.toContain('<img class="hero-art"');
    expect(page?.html).not.toContain('.svg');
  });

  it("is an image for a song's own artwork", async () => {
    const page = await renderPage(request('/', api('/uploads/art/cover.webp'), 2000));
    expect(page?.html).toMatch(/<img class="hero-art" src="\/uploads\/art\/cover.webp"/);
  });
});

describe('the warm-up as the server starts', () => {
  it("asks every route's split component to load, so no first render loads it cold", async () => {
    type Loadable = { options: { component?: { preload?: () => Promise<void> } }; children?: Record<string, Loadable> | Loadable[] };
    const all: Loadable[] = [];
    const walk = (route: Loadable) => {
      all.push(route);
      for (const child of Object.values(route.children ?? {})) walk(child);
    };
    walk(routeTree as unknown as Loadable);
    const split = all.filter((route) => route.options.component?.preload);
    expect(split.length).toBeGreaterThan(10);
    const preloads = split.map((route) => vi.spyOn(route.options.component as { preload: () => Promise<void> }, 'preload'));
    await warmUp();
    for (const preload of preloads) expect(preload).toHaveBeenCalled();
  });
});

describe("a moderator's page (docs/server-render.md, \"A moderator's page\")", () => {
  const person = (name: string) => ({ id: `id-${name}`, name, role: 'moderator', via: 'passkey' });
  const artist = (i: number) => ({ id: `a${i}`, name: `Pending Artist ${i}`, bio: 'Sings of island life.', countryCode: 'JM', photoUrl: null, featured: false, approved: false, createdAt: '2026-12-01T23:30:00.000Z', reviewedAt: null });
  /** The in-process API as one person's session answers it: `me` for who, a queue of 10 artists. */
  const api =
    (me: () => Promise<Response>) =>
    (path: string, init?: RequestInit): Promise<Response> => {
      if (path === '/api/settings') return Promise.resolve(settings());
      const session = new Headers(init?.headers).get('x-admin-session') === '1';
      if (path === '/api/admin/me') return session ? me() : Promise.resolve(jsonResponse({ error: 'Not signed in' }, 401));
      if (path.startsWith('/api/artists?pending=true')) {
        return Promise.resolve(new Response(JSON.stringify(Array.from({ length: 10 }, (_, i) => artist(i + 1))), { headers: { 'Content-Type': 'application/json', 'X-Total-Count': '10' } }));
      }
      return Promise.resolve(jsonResponse([]));
    };
  const signedIn = (data: string) => (JSON.parse(data) as { signedIn?: { name: string } }).signedIn ?? null;

  it("is drawn for the person signed in, a phone's first screen of their queue with its dates in UTC, and says who it was drawn for", async () => {
    const page = await renderPage(request('/admin/moderation', api(() => Promise.resolve(jsonResponse(person('Maya')))), 2000));
    expect(page?.html).toContain('Content Moderation');
    expect(page?.html).toMatch(/admin-who[^>]*>Maya<!-- --> · <!-- -->moderator/);
    expect(page?.html.match(/data-testid="moderation-row"/g)).toHaveLength(3);
    expect(page?.html).toContain('Showing <!-- -->3<!-- --> of <!-- -->10');
    expect(page?.html).toContain('<time dateTime="2026-12-01T23:30:00.000Z">Dec 1, 2026</time>');
    expect(signedIn(page!.data)?.name).toBe('Maya');
  });

  it('is the shell for a session that has ended, and the next page is nobody\'s', async () => {
    expect(await renderPage(request('/admin/moderation', api(() => Promise.resolve(jsonResponse({ error: 'Not signed in' }, 401))), 2000))).toBeNull();
    await renderPage(request('/admin/moderation', api(() => Promise.resolve(jsonResponse(person('Maya')))), 2000));
    const next = await renderPage(request('/privacy', api(() => Promise.resolve(jsonResponse(person('Nobody')))), 2000));
    expect(signedIn(next!.data)).toBeNull();
    expect(next!.data).not.toContain('signedIn');
  });

  it('is never drawn as someone whose answer came after their own page had gone', async () => {
    // Maya's answer is slower than her page's wait: her page is the shell, and her answer
    // arrives while Bea's page renders.
    let answerMaya!: () => void;
    const late = new Promise<Response>((resolve) => (answerMaya = () => resolve(jsonResponse(person('Maya')))));
    expect(await renderPage(request('/admin/moderation', api(() => late), 0))).toBeNull();
    const bea = renderPage(request('/admin/moderation', api(() => new Promise((resolve) => setTimeout(() => resolve(jsonResponse(person('Bea'))), 20))), 2000));
    answerMaya();
    const page = await bea;
    expect(page?.html).toMatch(/admin-who[^>]*>Bea<!-- --> · <!-- -->moderator/);
    expect(page?.html).not.toContain('Maya');
    expect(signedIn(page!.data)?.name).toBe('Bea');
  });
});
