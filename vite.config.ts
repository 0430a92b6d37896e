import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: r('./app'),
  define: {
    __BUILD_ID__: JSON.stringify(process.env.BUILD_ID ?? Date.now().toString(36)),
  },
  publicDir: r('./public'),
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: r('./app/routes'),
      generatedRouteTree: r('./app/route-tree.gen.ts'),
      quoteStyle: 'single',
    }),
    react(),
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
        globIgnores: ['demo/**', 'icons/*-512.png'],
      },
      devOptions: { enabled: false },
    }),
  ],
  css: {
    // Pico's own sources use Sass syntax that Sass now warns about; not ours to change.
    preprocessorOptions: { scss: { quietDeps: true, silenceDeprecations: ['if-function'] } },
  },
  build: {
    outDir: r('./dist/app'),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 2048,
    // bench/first-visit-size.mjs reads it to find each route's chunks.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every page needs React, the router and TanStack Query: one file compresses
          // better than the dozen small ones automatic splitting makes of them (issue 7).
          // Anything else from node_modules (Dexie, the persister) stays lazy.
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|store|react-store|react-query|query-core))[\\/]/,
            },
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
    include: ['domain/**/*.test.ts', 'server/**/*.test.ts', 'app/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
