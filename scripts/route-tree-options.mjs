import { fileURLToPath } from 'node:url';

const r = (p) => fileURLToPath(new URL(p, import.meta.url));

/** The TanStack Router generator's options, one copy for vite.config.ts and generate-route-tree.mjs. */
export const routeTreeOptions = {
  target: 'react',
  autoCodeSplitting: true,
  routesDirectory: r('../app/routes'),
  generatedRouteTree: r('../app/route-tree.gen.ts'),
  quoteStyle: 'single',
};
