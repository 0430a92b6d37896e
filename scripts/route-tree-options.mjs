import { fileURLToPath } from 'node:url';

const r = (p) => fileURLToPath(new URL(p, import.meta.url));

/** The TanStack Router generator's options, one copy for vite.config.ts and generate-route-tree.mjs. */
export const routeTreeOptions = {
  target: 'react',
  autoCodeSplitting: true,
  routesDirectory: r('../app/routes'),
  generatedRouteTree: r('../app/route-tree.gen.ts'),
  quoteStyle: 'single',
  codeSplittingOptions: {
    // A page's loader travels with its component (issue 29): left in the route file, every
    // page's loader, with the API modules and valibot schemas it imports, was part of the entry
    // that every first visit downloads. The radio page, the first screen of a first visit, is not
    // split at all: its component is the entry's already (the route's loader asks for its form),
    // and its split was one more request of 100 bytes. docs/performance.md, "The first visit at the wire".
    // A page's error state travels with it too: split on its own it was the same 134-byte file
    // once per page (thirteen of them), each a request with its headers in the precache.
    splitBehavior: ({ routeId }) => (routeId === '__root__' ? undefined : routeId === '/' ? [] : [['loader', 'component', 'errorComponent'], ['notFoundComponent']]),
  },
};
