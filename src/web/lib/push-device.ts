// This browser's push subscription (issue #51), as the Push API keeps it: whether the browser can take
// pushes, the app's service worker they arrive at, and ending the subscription. A sign-out ends it
// here (features/auth/sign-out.ts) as the server ends it with the session; the notification settings
// turn it on and off (features/notifications/api/push-device.ts).

/** Whether this browser has what web push needs: a service worker, the Push API and notifications. */
export function pushAvailable(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The app's service worker registration, once it has one (it registers after the page is live). */
export async function appWorker(waitMs = 0): Promise<ServiceWorkerRegistration | null> {
  if (!pushAvailable()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  if (registration?.active || waitMs === 0) return registration?.active ? registration : null;
  const ready = navigator.serviceWorker.ready;
  const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), waitMs));
  return Promise.race([ready, late]);
}

/** This browser's push subscription, if it has one. */
export async function deviceSubscription(): Promise<PushSubscription | null> {
  const worker = await appWorker();
  return (await worker?.pushManager.getSubscription()) ?? null;
}

/** Ends this browser's subscription, if any: the push service forgets it. Never throws. */
export async function unsubscribeDevice(): Promise<void> {
  try {
    await (await deviceSubscription())?.unsubscribe();
  } catch {
    // No worker, or the push service is out of reach: the server has ended it with the session.
  }
}
