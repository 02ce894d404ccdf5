// The askline of the day on the client (issue #51): read by its card alone (askline-of-the-day.tsx), and
// by the dashboard's first data; kept out of the data layer's file every data page loads.
import { queryOptions } from '@tanstack/react-query';
import type { AsklineOfTheDay } from '../../../../shared/asklines';
import { apiRequest } from '../../../lib/api-client';

export const asklineOfTheDayQueryOptions = queryOptions({
  // Under queryKeys.asklines.all, so what changes asklines asks for it again too.
  queryKey: ['asklines', 'today'] as const,
  queryFn: ({ signal }) => apiRequest<AsklineOfTheDay>('/api/asklines/today', { signal }),
});
