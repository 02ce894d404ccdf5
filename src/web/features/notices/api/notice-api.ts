import { queryOptions, useMutation } from '@tanstack/react-query';
import { noticeSchema, type UpdateNoticeRequest } from '../../../../shared/notices';
import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

export const noticeQueryOptions = queryOptions({
  queryKey: queryKeys.notice,
  queryFn: ({ signal }) => apiRequest('/api/notice', { signal, schema: noticeSchema }),
  // SPEC §7 fetches the notice with caching disabled: always ask when the dashboard opens.
  staleTime: 0,
});

export function useSaveNotice() {
  return useMutation({
    mutationFn: (notice: UpdateNoticeRequest) =>
      apiRequest('/api/admin/notice', { method: 'PUT', body: notice, schema: noticeSchema }),
    onSuccess: (notice) => queryClient.setQueryData(noticeQueryOptions.queryKey, notice),
  });
}
