// Web push as the app runs it (issue #51): on with VAPID keys (the settings, or embedded mode's own),
// off without. On, two background jobs run in every instance: one works out the pushes owed as
// notifications change (queue-pushes.ts), the other sends them (deliver-pushes.ts). main.ts and the
// test server start it; the routes ask it for the public key and the address rules.
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { type PushDelivery, type PushDeliveryTimings, startPushDelivery } from './deliver-pushes';
import type { EndpointRules } from './endpoint-rules';
import { type PushQueue, startPushQueue } from './queue-pushes';
import { createPushSender, type PushSender } from './send-push';

export interface PushService {
  /** The VAPID public key devices subscribe with; null: push is off. */
  publicKey: string | null;
  /** Which push addresses devices may subscribe with (endpoint-rules.ts). */
  rules: EndpointRules;
  /** Resolves once the changes heard before the call are owed and the pushes due are sent (tests). */
  settle(): Promise<void>;
  /** Looks at everyone's notifications now, as at start (tests). */
  wake(): void;
  /** `userId` saved a device here: their changes are looked at from now on. */
  deviceSaved(userId: string): void;
  stop(): Promise<void>;
}

export function startPush(options: {
  config: Pick<Config, 'vapidKeys' | 'vapidSubject' | 'pushLocalEndpoints'>;
  database: Pick<Database, 'db' | 'listen'>;
  logger: Logger;
  /** Quicker retries and looks (tests). */
  timings?: PushDeliveryTimings & { sweepMs?: number };
  /** Sends the pushes; by default over HTTP with web-push's requests (send-push.ts). */
  sender?: PushSender;
  /** False: the routes' key and rules without the background jobs (test servers not about push). */
  jobs?: boolean;
}): PushService {
  const { config, database, logger, timings = {} } = options;
  const rules: EndpointRules = { local: config.pushLocalEndpoints };
  const keys = config.vapidKeys;
  if (!keys || options.jobs === false) {
    return {
      publicKey: keys?.publicKey ?? null,
      rules,
      settle: async () => undefined,
      wake: () => undefined,
      deviceSaved: () => undefined,
      stop: async () => undefined,
    };
  }
  const sender = options.sender ?? createPushSender({ keys, subject: config.vapidSubject, rules });
  const { sweepMs, ...deliveryTimings } = timings;
  const delivery: PushDelivery = startPushDelivery({
    db: database.db,
    sender,
    serverKey: keys.publicKey,
    logger,
    ...deliveryTimings,
  });
  const queue: PushQueue = startPushQueue({
    database,
    serverKey: keys.publicKey,
    logger,
    queued: delivery.wake,
    ...(sweepMs !== undefined && { sweepMs }),
  });
  return {
    publicKey: keys.publicKey,
    rules,
    async settle() {
      await queue.settle();
      await delivery.settle();
    },
    wake: queue.wake,
    deviceSaved: queue.deviceSaved,
    async stop() {
      await queue.stop();
      await delivery.stop();
    },
  };
}
