import { queryOptions } from '@tanstack/react-query';
import type { TransparencyReport } from '../../../../shared/transparency';
import { apiRequest } from '../../../lib/api-client';
import { screenKeys } from '../../../lib/screen-keys';

/** The transparency report (issue #47): the server counts it at most once a minute. */
export const transparencyQueryOptions = queryOptions({
  queryKey: screenKeys.transparency,
  queryFn: ({ signal }) => apiRequest<TransparencyReport>('/api/transparency', { signal }),
  staleTime: 60_000,
});
