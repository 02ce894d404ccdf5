// One push to one device (RFC 8030, 8291, 8292): the `web-push` library makes the request (the VAPID
// signature of the push service's origin, and the payload encrypted with aes128gcm for the device's
// keys: decision 039), and this file sends it, with a deadline, through sockets whose addresses are
// checked when they connect (endpoint-rules.ts: the server posts only to push services on the
// internet). web-push's own sender is not used: it speaks https only, takes no lookup of ours and no
// keep-alive agent.
import http from 'node:http';
import https from 'node:https';
import webPush from 'web-push';
import type { VapidKeys } from '../../config';
import { checkEndpoint, type EndpointRules, guardedLookup } from './endpoint-rules';

export interface DeviceSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushOptions {
  /** How long the push service keeps it for a device that is offline, in seconds. */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** A newer push of the same topic replaces one the push service still holds. */
  topic: string;
}

/** What the push service answered. */
export interface PushAnswer {
  status: number;
  /** Its Retry-After (429, 503), as sent. */
  retryAfter: string | null;
  body: string;
}

export interface PushSender {
  /** Sends `payload` to the device; answers what the service said, or throws (no answer in time, refused address). */
  send(device: DeviceSubscription, payload: string, options: PushOptions): Promise<PushAnswer>;
  close(): void;
}

export function createPushSender(options: {
  keys: VapidKeys;
  subject: string;
  rules: EndpointRules;
  /** The longest a push service may take to answer. */
  timeoutMs?: number;
}): PushSender {
  const { keys, subject, rules, timeoutMs = 10_000 } = options;
  const lookup = guardedLookup(rules);
  // Kept alive: pushes go to a few services (one per browser maker), often many at once.
  const agents = {
    'https:': new https.Agent({ keepAlive: true, maxSockets: 16, lookup }),
    'http:': new http.Agent({ keepAlive: true, maxSockets: 16, lookup }),
  };
  return {
    send(device, payload, push) {
      const url = checkEndpoint(device.endpoint, rules);
      const request = webPush.generateRequestDetails(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        payload,
        {
          vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: push.ttlSeconds,
          urgency: push.urgency,
          topic: push.topic,
          contentEncoding: 'aes128gcm',
        },
      );
      const client = url.protocol === 'http:' ? http : https;
      return new Promise<PushAnswer>((resolve, reject) => {
        const outgoing = client.request(
          url,
          {
            method: request.method,
            headers: request.headers as http.OutgoingHttpHeaders,
            agent: agents[url.protocol === 'http:' ? 'http:' : 'https:'],
            timeout: timeoutMs,
          },
          (incoming) => {
            const chunks: Buffer[] = [];
            let size = 0;
            incoming.on('data', (chunk: Buffer) => {
              // An answer is a status and a line or two: the rest is not read into memory.
              if (size < 4096) chunks.push(chunk);
              size += chunk.length;
            });
            incoming.on('end', () =>
              resolve({
                status: incoming.statusCode ?? 0,
                retryAfter: headerValue(incoming.headers['retry-after']),
                body: Buffer.concat(chunks).toString('utf8').slice(0, 4096),
              }),
            );
            incoming.on('error', reject);
          },
        );
        outgoing.on('timeout', () =>
          outgoing.destroy(new Error(`the push service did not answer in ${timeoutMs} ms`)),
        );
        outgoing.on('error', reject);
        outgoing.end(request.body ?? undefined);
      });
    },
    close() {
      agents['https:'].destroy();
      agents['http:'].destroy();
    },
  };
}

function headerValue(value: string | string[] | undefined): string | null {
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}
