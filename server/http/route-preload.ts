import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/** `routes/artists/$id.tsx` → /artists/<anything but a slash>; `routes/index.tsx` → /. */
function routePattern(file: string): RegExp {
  let p = file.replace(/^routes\//, '').replace(/\.tsx$/, '');
  p = p === 'index' ? '' : p.replace(/\/index$/, '');
  const source = p
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith('$') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^/${source}/?$`);
}

/** Each page's own files beyond the entry's, from the build's Vite manifest; none without one. */
function routeFiles(appDir: string | null): (urlPath: string) => string[] | null {
  const manifestFile = appDir ? path.join(appDir, '.vite', 'manifest.json') : null;
  if (!manifestFile || !fs.existsSync(manifestFile)) return () => null;
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return () => null;
  }
  const staticGraph = (key: string, into: Set<string>): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const css of chunk.css ?? []) into.add(css);
    for (const imp of chunk.imports ?? []) staticGraph(imp, into);
    return into;
  };
  // index.html already names the entry's own graph.
  const shell = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) staticGraph(key, shell);
  // ...but after this header, whose files the browser asks for first: on a slow link a page's
  // dozen small chunks went before the framework, which then came last, and nothing can run
  // before it (bench/moderation.mjs, docs/performance.md). So the header names the entry's
  // scripts first, what the entry imports (the framework) before the entry itself.
  const shellScripts = [...shell].filter((f) => f.endsWith('.js')).reverse();

  const routes: { pattern: RegExp; files: string[] }[] = [];
  // A layout (`routes/admin/route.tsx`) is part of every page under it: its chunk (the admin
  // gate, its loader) was asked for only once the entry had run, a round trip and more late.
  const layouts: { pattern: RegExp; files: string[] }[] = [];
  for (const key of Object.keys(manifest)) {
    // The split that holds the page's component (with its loader and error state: scripts/route-tree-options.mjs).
    const m = /^(routes\/(?!__root).+\.tsx)\?tsr-split=component(?:---[a-zA-Z]+)*$/.exec(key);
    if (!m) continue;
    const files = [...staticGraph(key, new Set())].filter((f) => !shell.has(f));
    if (!files.length) continue;
    const layout = /^routes\/(.+)\/route\.tsx$/.exec(m[1]!);
    if (layout) layouts.push({ pattern: new RegExp(`^/${layout[1]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:/|$)`), files });
    else routes.push({ pattern: routePattern(m[1]!), files });
  }
  // Literal segments before parameters: /artists/submit is not /artists/$id.
  routes.sort((a, b) => Number(a.pattern.source.includes('[^/]+')) - Number(b.pattern.source.includes('[^/]+')));
  return (urlPath) => {
    const page = routes.find((r) => r.pattern.test(urlPath))?.files;
    if (!page) return null;
    return [...new Set([...shellScripts, ...layouts.filter((l) => l.pattern.test(urlPath)).flatMap((l) => l.files), ...page])];
  };
}

/**
 * A `Link` header per page, naming the page's own code chunk (and what it imports beyond
 * the entry) so the browser fetches it beside the entry script rather than after it has
 * run: a round trip less before the first screen on a slow connection (issue 7). A style
 * is preloaded as the app's loader asks for it (crossorigin), or the browser fetches it twice. Read
 * once from the build's Vite manifest; without one (tests, no build) nothing is added. A page
 * the server rendered has its styles inline (`routeStyles`): `styles: false` leaves them out.
 */
export function routePreloads(appDir: string | null): (urlPath: string, options?: { styles: boolean }) => string | null {
  return preloadsOf(routeFiles(appDir));
}

function preloadsOf(filesFor: ReturnType<typeof routeFiles>): ReturnType<typeof routePreloads> {
  return (urlPath, { styles } = { styles: true }) => {
    const files = filesFor(urlPath)?.filter((f) => styles || !f.endsWith('.css'));
    if (!files?.length) return null;
    return files.map((f) => (f.endsWith('.css') ? `</${f}>; rel=preload; as=style; crossorigin` : `</${f}>; rel=modulepreload`)).join(', ');
  };
}

/**
 * A page's own styles, for a page the server rendered: its markup is in the HTML before the
 * page's chunk (whose loader would add its stylesheets) has run, so they must be there from the
 * start or the page paints unstyled and then moves. Inline, as the entry's styles are: a
 * stylesheet request would hold the first paint behind the scripts' bytes on a slow connection.
 * Each is also named by a disabled `<link>`, which the browser does not fetch and the app's
 * loader takes as already there, so it adds none (docs/server-render.md).
 */
export function routeStyles(appDir: string | null): (urlPath: string) => string {
  return stylesOf(appDir, routeFiles(appDir));
}

function stylesOf(appDir: string | null, filesFor: ReturnType<typeof routeFiles>): ReturnType<typeof routeStyles> {
  const styles = new Map<string, string>();
  const styleOf = (file: string) => {
    if (!styles.has(file)) {
      let css = '';
      try {
        css = fs.readFileSync(path.join(appDir!, file), 'utf8');
      } catch {
        // a build without the file: the app's loader adds it as before
      }
      styles.set(file, css ? `<style>${css.replace(/<\/style/gi, '<\\/style')}</style><link rel="stylesheet" href="/${file}" disabled>` : '');
    }
    return styles.get(file)!;
  };
  return (urlPath) =>
    (filesFor(urlPath) ?? [])
      .filter((f) => f.endsWith('.css'))
      .map(styleOf)
      .join('');
}

/** Both of the above from one reading of the build's manifest, as the server serves a build. */
export function routeAssets(appDir: string | null): { preloads: ReturnType<typeof routePreloads>; styles: ReturnType<typeof routeStyles> } {
  const filesFor = routeFiles(appDir);
  return { preloads: preloadsOf(filesFor), styles: stylesOf(appDir, filesFor) };
}

/**
 * The answers a page asks for before its first screen, by the path the app's loaders use
 * (app/api/*): the settings and now playing on every page, and a list page's list. Named in
 * the same `Link` header, the browser fetches them beside the scripts instead of after they
 * have run: another round trip less on a slow connection (docs/performance.md). Preloaded
 * with the credentials the API client sends (use-credentials), or the browser asks twice.
 */
const PAGE_DATA: { pattern: RegExp; paths: string[] }[] = [
  { pattern: /^\/artists\/?$/, paths: ['/api/artists?approved=true'] },
  { pattern: /^\/schedule\/?$/, paths: ['/api/shows'] },
];

export function pageDataPreloads(urlPath: string, tenant: string | undefined): string {
  // Admin screens ask with the key, which a preload cannot send: they fetch for themselves.
  if (urlPath === '/admin' || urlPath.startsWith('/admin/')) return '';
  const paths = ['/api/settings', '/api/np', ...(PAGE_DATA.find((p) => p.pattern.test(urlPath))?.paths ?? [])];
  // The app adds the tenant parameter on the Caribbean tenant (docs/api.md#tenant).
  const withTenant = (path: string) => (tenant === 'caribbean' ? path + (path.includes('?') ? '&' : '?') + 'tenant=caribbean' : path);
  return paths.map((path) => `<${withTenant(path)}>; rel=preload; as=fetch; crossorigin=use-credentials`).join(', ');
}
