import { describe, expect, it } from 'vitest';
import { keptCopy, withoutEarlyPreloads } from './kept-page-copy';

// A head as the server writes it for a rendered page (server/http/page-render.ts in the build's index.html).
const head = `<title>Watzhott Radio</title>
    <link rel="modulepreload" crossorigin href="/assets/index-abc.js" data-app-entry><script>first tap</script><script>start</script>
    <link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-def.js">
    <link rel="modulepreload" crossorigin href="/assets/framework-ghi.js">
    <style>body{}</style><link rel="stylesheet" href="/assets/index-jkl.css" disabled>`;

describe("a kept page's copy", () => {
  it("keeps the app's entry and drops the other scripts' preloads", () => {
    expect(withoutEarlyPreloads(head)).toBe(`<title>Watzhott Radio</title>
    <link rel="modulepreload" crossorigin href="/assets/index-abc.js" data-app-entry><script>first tap</script><script>start</script>
    <style>body{}</style><link rel="stylesheet" href="/assets/index-jkl.css" disabled>`);
  });

  it('leaves a page without such preloads as it is', () => {
    const page = '<link rel="icon" href="/icons/w.png"><link rel="modulepreload" href="/assets/index-abc.js" data-app-entry>';
    expect(withoutEarlyPreloads(page)).toBe(page);
  });

  it('keeps the status and headers but the length, encoding and Link preloads', async () => {
    const response = new Response(head, {
      status: 200,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        date: 'Mon, 07 Dec 2026 18:00:00 GMT',
        'content-length': String(head.length),
        link: '</assets/framework-ghi.js>; rel=modulepreload',
      },
    });
    const copy = await keptCopy(response);
    expect(copy.status).toBe(200);
    expect(copy.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(copy.headers.get('date')).toBe('Mon, 07 Dec 2026 18:00:00 GMT');
    expect(copy.headers.get('link')).toBeNull();
    expect(copy.headers.get('content-length')).toBeNull();
    const html = await copy.text();
    expect(html).toContain('data-app-entry');
    expect(html).not.toContain('framework-ghi.js');
  });
});
