import type { Plugin as EsbuildPlugin } from 'esbuild';
import type { Plugin as VitePlugin } from 'vite';

/** esbuild: `import source from './x.page.js?page-script'` gives the file minified, as a string. */
export declare const pageScriptEsbuild: EsbuildPlugin;
/** Vite (Vitest): the same import, the same minification. */
export declare function pageScriptVite(): VitePlugin;
