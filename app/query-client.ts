import { QueryClient } from '@tanstack/react-query';

/** spec.md §9: no automatic retry, no refetch on focus, no polling, never stale unless a query says. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        gcTime: 24 * 60 * 60 * 1000,
      },
      mutations: { retry: false },
    },
  });
}
