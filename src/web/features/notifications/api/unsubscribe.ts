// Stopping the digest emails from a digest's link (issue #28): the link's token is the proof, so no
// sign-in is needed. A plain request (no TanStack Query): the page is open to anyone with the link.
import { apiRequest } from '../../../lib/api-client';

export function unsubscribeFromDigests(token: string): Promise<{ unsubscribed: true }> {
  return apiRequest('/api/notifications/unsubscribe', { method: 'POST', body: { token } });
}
