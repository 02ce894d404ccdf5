// npx tsx bench/push-send.ts: what one push costs the server (decision 039). 100 pushes are made and
// sent to a push service of our own on 127.0.0.1 (tests/support/push-endpoint.ts), one at a time and
// eight at a time as the delivery job sends them; then the making alone (web-push's VAPID signature and
// aes128gcm encryption) without sending. Each device is a fresh key pair, as real devices are.
import { performance } from 'node:perf_hooks';
import webPush from 'web-push';
import { createPushSender } from '../src/server/features/push/send-push';
import { generateVapidKeys } from '../src/server/features/push/vapid-keys';
import { makePushDevice, startPushEndpoint } from '../tests/support/push-endpoint';

const PUSHES = 100;
const keys = generateVapidKeys();
const subject = 'mailto:ops@example.com';
const endpoint = await startPushEndpoint();
const sender = createPushSender({ keys, subject, rules: { local: true } });
const devices = Array.from({ length: PUSHES }, (_, i) => ({
  ...makePushDevice(),
  endpoint: `${endpoint.origin}/device/${i}`,
}));
const options = { ttlSeconds: 86_400, urgency: 'normal' as const, topic: 'post-replied' };
const payload = JSON.stringify({ kind: 'post_replied' });

async function sendAll(concurrency: number): Promise<number> {
  let next = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < devices.length) {
        const device = devices[next++];
        if (!device) break;
        const answer = await sender.send(
          { endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth },
          payload,
          options,
        );
        if (answer.status !== 201) throw new Error(`answered ${answer.status}`);
      }
    }),
  );
  return performance.now() - began;
}

await sendAll(8); // warm-up: sockets, JIT
const figures: Record<string, string> = {};
for (const concurrency of [1, 8]) {
  const runs = [await sendAll(concurrency), await sendAll(concurrency), await sendAll(concurrency)].sort(
    (a, b) => a - b,
  );
  figures[`send ${PUSHES}, ${concurrency} at a time`] = `${(runs[1] ?? 0).toFixed(0)} ms (median of 3)`;
}
const began = performance.now();
for (const device of devices) {
  webPush.generateRequestDetails({ endpoint: device.endpoint, keys: device.keys }, payload, {
    vapidDetails: { subject, ...keys },
    TTL: 86_400,
    contentEncoding: 'aes128gcm',
  });
}
figures[`make ${PUSHES} (sign + encrypt, no sending)`] = `${(performance.now() - began).toFixed(0)} ms`;
const last = endpoint.received.at(-1);
figures['one push on the wire'] = `${last?.body.length} bytes of body`;
// Every push decrypts on its device to what was sent.
for (const [i, device] of devices.entries()) {
  const got = endpoint.to(`/device/${i}`).at(-1);
  if (!got || device.decrypt(got.body) !== payload) throw new Error(`device ${i} did not get the push`);
}
console.table(figures);
sender.close();
await endpoint.close();
