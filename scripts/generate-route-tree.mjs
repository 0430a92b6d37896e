// Writes app/route-tree.gen.ts from app/routes/ with the TanStack Router plugin vite.config.ts
// uses (its generator alone, run as Vite runs it once the config is resolved), so `tsc -b`
// works on a clean clone before any Vite run: the file is generated, not tracked.
import { tanstackRouterGenerator } from '@tanstack/router-plugin/vite';
import { fileURLToPath } from 'node:url';
import { routeTreeOptions } from './route-tree-options.mjs';

const plugin = tanstackRouterGenerator(routeTreeOptions);
await plugin.configResolved({ root: fileURLToPath(new URL('..', import.meta.url)) });
