import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Notice, UpdateNoticeRequest } from '../../../../shared/notices';
import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { screenKeys } from '../../../lib/screen-keys';

export const noticeQueryOptions = queryOptions({
  queryKey: screenKeys.notice,
  queryFn: ({ signal }) => apiRequest<Notice>('/api/notice', { signal }),
  // SPEC §7 fetches the notice with caching disabled: always ask when the dashboard opens.
  staleTime: 0,
});

export function useSaveNotice() {
  return useMutation({
    mutationFn: (notice: UpdateNoticeRequest) =>
      apiRequest<Notice>('/api/admin/notice', { method: 'PUT', body: notice }),
    onSuccess: (notice) => queryClient.setQueryData(noticeQueryOptions.queryKey, notice),
  });
}
