// Per-kind notification settings (issue #28): shown in the app or not, and which email digest. Saving
// answers every kind's settings; what the list and the bell show may change with them, so both are
// asked again.
import { queryOptions, useMutation } from '@tanstack/react-query';
import type {
  NotificationSettings,
  UpdateNotificationSettingsRequest,
} from '../../../../shared/notifications';
import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { screenKeys } from '../../../lib/screen-keys';

const SETTINGS_PATH = '/api/notifications/settings';

export const notificationSettingsQueryOptions = queryOptions({
  queryKey: screenKeys.notifications('settings'),
  queryFn: ({ signal }) => apiRequest<NotificationSettings>(SETTINGS_PATH, { signal }),
  staleTime: 0,
});

export function useSaveNotificationSettings() {
  return useMutation({
    mutationFn: (request: UpdateNotificationSettingsRequest) =>
      apiRequest<NotificationSettings>(SETTINGS_PATH, { method: 'PUT', body: request }),
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationSettingsQueryOptions.queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: screenKeys.notifications('list') });
      void queryClient.invalidateQueries({ queryKey: screenKeys.notifications('unread') });
    },
  });
}
