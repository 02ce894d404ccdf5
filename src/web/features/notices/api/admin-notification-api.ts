// Admins: a notice sent as a notification to every member (issue #28), apart from the dashboard notice.
import { useMutation } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { adminNotificationAnswerSchema } from '../../../../shared/notifications';
import { apiRequest } from '../../../lib/api-client';

export function useSendNotificationToEveryone() {
  return useMutation({
    mutationFn: (text: string) =>
      apiRequest<z.infer<typeof adminNotificationAnswerSchema>>('/api/admin/notifications', {
        method: 'POST',
        body: { text },
      }),
  });
}
