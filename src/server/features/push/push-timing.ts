// How each kind of push is sent (issue #51): likes are grouped (one push at most every few minutes per
// device, replacing the last on the device), kept for less time by the push service and marked low
// urgency (a phone saving its battery may hold them); everything else goes at once.
import type { NotificationKind } from '../../../shared/notifications';

const MINUTE = 60_000;

/** The least time between two pushes of a kind to one device; changes meanwhile wait and go as one. */
export function groupingMs(kind: NotificationKind): number {
  return kind === 'post_liked' ? 10 * MINUTE : 0;
}

/** How long the push service keeps a push for a device that is offline (the TTL header), in seconds. */
export function timeToLiveSeconds(kind: NotificationKind): number {
  return kind === 'post_liked' ? 6 * 60 * 60 : 24 * 60 * 60;
}

/** RFC 8030's Urgency: low may wait until the device is on power or in use. */
export function urgencyOf(kind: NotificationKind): 'low' | 'normal' {
  return kind === 'post_liked' ? 'low' : 'normal';
}
