import { queryOptions } from '@tanstack/react-query';
import type { AudienceReport } from '../../../domain/audience';
import { ADMIN_FRESH, ADMIN_QUERY_ROOT, adminApi } from '../../lib/admin-api';

// docs/api.md "Audience": GET /api/admin/audience?from=&to= (owner, editor), and its CSV.
export const audiencePaths = {
  report: (from: string, to: string) => `/api/admin/audience?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
  csv: (from: string, to: string) => `/api/admin/audience.csv?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
} as const;

export const audienceQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: [ADMIN_QUERY_ROOT, 'audience', from, to] as const,
    queryFn: ({ signal }) => adminApi<AudienceReport>(audiencePaths.report(from, to), { signal }),
    ...ADMIN_FRESH,
  });
