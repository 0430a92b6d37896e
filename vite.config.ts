import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { routeTreeOptions } from './scripts/route-tree-options.mjs';
import { compileHintFor } from './scripts/compile-hints.mjs';
import { adminOnlyFiles } from './scripts/admin-only-files.mjs';
import { pageScriptText, pageScriptVite } from './scripts/page-script.mjs';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import path from 'node:path';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * The entry's stylesheet goes into index.html itself (issue 7): the shell paints as soon as
 * the HTML arrives, without waiting for a second, render-blocking request on a slow
 * connection. The file stays in the build (the manifest names it); only a disabled link names it.
 * The CSP allows inline styles, not inline scripts.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'inline-entry-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') return;
      html.source = String(html.source).replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
        const css = bundle[file];
        // A disabled link is never fetched, but Vite's preload helper finds it: a lazy chunk that
        // shares modules with the entry (the schedule's reminder button) lists this stylesheet
        // among its dependencies and would otherwise fetch it a second time after hydration.
        return css && css.type === 'asset' ? `<style>${String(css.source)}</style><link rel="stylesheet" href="/${file}" disabled>` : tag;
      });
    },
  };
}

/** The entry's stylesheets, from the build's manifest: inlined by inlineEntryCss. */
function entryStylesheets(appDir: string): string[] {
  const file = path.join(appDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return [];
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, { isEntry?: boolean; css?: string[] }>;
  return Object.values(manifest).flatMap((chunk) => (chunk.isEntry ? (chunk.css ?? []) : []));
}

/**
 * V8's compile hint on the first line of the chunks a page starts with (scripts/compile-hints.mjs,
 * docs/performance.md), once the files are written: Vite puts its preload map at the top of
 * a chunk after every plugin's generateBundle. The build writes no source maps, which a line
 * added here would shift.
 */
function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    enforce: 'post',
    writeBundle(options, bundle) {
      for (const chunk of Object.values(bundle)) {
        const hint = chunk.type === 'chunk' ? compileHintFor(chunk) : '';
        if (!hint) continue;
        const file = path.join(options.dir!, chunk.fileName);
        fs.writeFileSync(file, `${hint}\n${fs.readFileSync(file, 'utf8')}`);
      }
    },
  };
}

/**
 * The server's render of first screens (app/entry-server.tsx, docs/server-render.md): the app
 * bundled whole for Node, beside the browser's build.
 */
const serverRenderBuild = {
  plugins: [tanstackRouter(routeTreeOptions), react()],
  ssr: { noExternal: true, target: 'node' as const },
  build: {
    ssr: 'entry-server.tsx',
    outDir: r('./dist/app-server'),
    emptyOutDir: true,
    target: 'node20',
    copyPublicDir: false,
  },
};

/**
 * The shell's early script (app/lib/admin-early/admin-early.page.ts) in index.html's head: on an
 * admin page it asks for the signed-in person and the moderation queues while the app's scripts
 * are still on their way. Inline, allowed by its hash (app/lib/admin-early/admin-early.script.ts);
 * the server leaves it out of the public pages it renders from this file.
 */
function adminEarlyScript(): Plugin {
  return {
    name: 'admin-early-script',
    async transformIndexHtml() {
      const code = await pageScriptText(r('./app/lib/admin-early/admin-early.page.ts'));
      return [{ tag: 'script', children: code, injectTo: 'head' }];
    },
  };
}

/** The framework chunk's packages: every page needs React, the router and TanStack Query. */
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|store|react-store|react-query|query-core))[\\/]/;
/**
 * A group takes every module its test matches, those only lazy pages import too: the moderation
 * queue's and people's infinite lists and the dashboard's parallel queries came down on every
 * listener's first visit inside the framework chunk, 1.1 KB of it (brotli), though only admin
 * screens use them (docs/performance.md, "The first visit at the wire"). Left to automatic
 * splitting, they go with the admin chunks that import them.
 */
const LAZY_QUERY_PARTS = /[\\/](infiniteQueryObserver|infiniteQueryOptions|useInfiniteQuery|queriesObserver|useQueries|useIsFetching)\.js$/;

export default defineConfig(({ isSsrBuild }) => ({
  root: r('./app'),
  define: {
    __BUILD_ID__: JSON.stringify(process.env.BUILD_ID ?? Date.now().toString(36)),
  },
  publicDir: r('./public'),
  plugins: [
    // Also writes app/route-tree.gen.ts (not tracked; `npm run typecheck` makes it too).
    tanstackRouter(routeTreeOptions),
    react(),
    // The server's inline page scripts, minified as its build does (for Vitest's server tests).
    pageScriptVite(),
    adminEarlyScript(),
    VitePWA({
      // Our own worker from sw/ (composition in sw/sw.ts); the manifest is served per
      // tenant by the server, and registration is ours (app/lib/pwa/), with an update prompt.
      strategies: 'injectManifest',
      srcDir: r('./sw'),
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,ico,woff2}'],
        // Demo images are content, cached at run time like any image, not part of the shell.
        // hls.js (about 100 KB) is fetched only by a viewer who opens /watch with an HLS URL
        // set, never downloaded in the background for every listener (docs/watch-video.md).
        // Reminders need the network: their code (app/features/schedule/lazy-reminder-button.tsx)
        // and a reminder's icon and badge are fetched when used, not precached. The icons are
        // all the browser's own fetches, online: the tab icon (kept in its HTTP cache; precached
        // too, it came down twice), the home screen's when the app is installed, a notification's
        // when a push arrives; precached, every first visit downloaded both tenants' (15 KB).
        globIgnores: ['demo/**', 'icons/**', 'assets/reminder-button*.js', 'assets/hls*.js'],
        // Nor the admin's screens (scripts/admin-only-files.mjs): a listener's first visit
        // downloaded them in the background, about 30 KB (issue 29, docs/performance.md).
        // Nor the entry's stylesheet: every page has it inline (inlineEntryCss below, and the
        // server's render), and the disabled link naming it keeps it from ever being fetched;
        // precached, it was 12 KB of every first visit's background download (issue 29).
        manifestTransforms: [
          (entries) => {
            const unused = new Set([...adminOnlyFiles(r('./dist/app')), ...entryStylesheets(r('./dist/app'))]);
            return { manifest: entries.filter((e) => !unused.has(e.url.replace(/^\//, ''))), warnings: [] };
          },
        ],
      },
      devOptions: { enabled: false },
    }),
    inlineEntryCss(),
    compileHints(),
  ],
  // The offline storage's worker (app/lib/offline/storage.worker.ts) is a module worker.
  worker: { format: 'es' },
  css: {
    // Pico's own sources use Sass syntax that Sass now warns about; not ours to change.
    preprocessorOptions: { scss: { quietDeps: true, silenceDeprecations: ['if-function'] } },
  },
  build: {
    outDir: r('./dist/app'),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 2048,
    // Every browser that can install this PWA preloads modules natively; Vite's polyfill
    // probed for it with a DOM element on every start, on the first screen's path.
    modulePreload: { polyfill: false },
    // bench/first-visit-size.mjs reads it to find each route's chunks.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every page needs React, the router and TanStack Query: one file compresses
          // better than the dozen small ones automatic splitting makes of them (issue 7).
          // Anything else from node_modules (Dexie, the persister) stays lazy, and so do the
          // parts of TanStack Query only admin screens use (LAZY_QUERY_PARTS).
          groups: [
            {
              name: 'framework',
              test: (id) => FRAMEWORK.test(id) && !LAZY_QUERY_PARTS.test(id),
              priority: 2,
            },
            // The rest of what the entry imports (the app's own shared modules) in the entry's
            // own file: left to automatic splitting, every module a lazy page shares with the entry
            // (the API client, the query client, the low-data switch, the countries...) became a
            // chunk of its own, six files of 0.6-3 KB each fetched on every first visit, each with
            // its ~370 bytes of headers (issue 29, docs/performance.md, "The first visit at the wire").
            { name: 'index', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/out': 'http://127.0.0.1:3000',
      '/uploads': 'http://127.0.0.1:3000',
    },
  },
  test: {
    root: r('.'),
    include: ['domain/**/*.test.ts', 'server/**/*.test.ts', 'app/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
    environment: 'node',
    // A happy-dom file waits for the player's after-load chunk before its teardown (the file says why).
    setupFiles: [r('app/test/settle-after-load.setup.ts')],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Four files at a time even on a 2-core machine (Vitest's default there is one): the slow
    // suites wait on real peers (icecast2, ffmpeg, server processes, timers) far more than they
    // compute: 673 s with one, about 330 s with two; with four, 148 s and 141 s against 246 s
    // with two, on this machine (issue 29: npm test's time; the recorder's own file, 121 s, is
    // now the floor).
    maxWorkers: 4,
  },
  ...(isSsrBuild ? serverRenderBuild : {}),
}));
