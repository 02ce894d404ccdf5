import { queryOptions } from '@tanstack/react-query';
import type { TransparencyReport } from '../../../../shared/transparency';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The transparency report (issue #47): the server counts it at most once a minute. */
export const transparencyQueryOptions = queryOptions({
  queryKey: queryKeys.transparency,
  queryFn: ({ signal }) => apiRequest<TransparencyReport>('/api/transparency', { signal }),
  staleTime: 60_000,
});
