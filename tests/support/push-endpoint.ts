// A push service of the tests' own (issue #51): an HTTP server on 127.0.0.1 that records every push it
// is sent (method, path, headers, body) and answers 201, or what a test tells it to. And a device: a
// P-256 key pair and auth secret as a browser makes them, which decrypts what it is sent (RFC 8291,
// aes128gcm) by hand, independently of the library that encrypted it.
import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  method: string;
  /** The endpoint's path: which device it was for. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PushEndpoint {
  /** http://127.0.0.1:port */
  origin: string;
  received: ReceivedPush[];
  /** Pushes to `path` since the test began (or all of them). */
  to(path?: string): ReceivedPush[];
  /** Answers pushes to `path` with `status` from now on (201 by default). */
  answer(path: string, status: number, headers?: Record<string, string>): void;
  close(): Promise<void>;
}

export async function startPushEndpoint(): Promise<PushEndpoint> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, { status: number; headers: Record<string, string> }>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({
        method: request.method ?? '',
        path,
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      const answer = answers.get(path) ?? { status: 201, headers: {} };
      response.writeHead(answer.status, answer.headers);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    to: (path) => (path === undefined ? received : received.filter((push) => push.path === path)),
    answer(path, status, headers = {}) {
      answers.set(path, { status, headers });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface PushDevice {
  /** As PushSubscription.toJSON() gives them. */
  keys: { p256dh: string; auth: string };
  /** The plaintext of a push sent to this device (throws if it was not encrypted for it). */
  decrypt(body: Buffer): string;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

export function makePushDevice(): PushDevice {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const publicKey = ecdh.getPublicKey();
  const auth = randomBytes(16);
  return {
    keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
    decrypt(body) {
      // RFC 8188 §2.1: salt (16), record size (4), key id length (1), key id (the sender's public key).
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const senderKey = body.subarray(21, 21 + idLength);
      const record = body.subarray(21 + idLength);
      // RFC 8291 §3.3-3.4.
      const shared = ecdh.computeSecret(senderKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, senderKey]);
      const ikm = hmac(hmac(auth, shared), Buffer.concat([keyInfo, Buffer.from([1])]));
      const prk = hmac(salt, ikm);
      const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
      const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([
        decipher.update(record.subarray(0, record.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 2, then zero padding.
      const end = padded.lastIndexOf(2);
      if (end < 0 || padded.subarray(end + 1).some((byte) => byte !== 0))
        throw new Error('not a last record');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}
