// A local S3-compatible server (s3rver) for one test file, with one empty bucket; its files live in a
// temporary folder removed on close. Its fixed credentials are S3RVER / S3RVER.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The S3_* settings that point the app at this server. */
  settings: Record<string, string>;
  /**
   * An outage: stops listening and cuts the open connections (a client's kept-alive socket would
   * otherwise still be answered), keeping what the bucket holds.
   */
  stop(): Promise<void>;
  /** Back after `stop()`, on the same port, with the same objects. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** The S3_* settings that point the app at an s3rver (its fixed credentials) and one of its buckets. */
export function s3rverSettings(endpoint: string, bucket: string): Record<string, string> {
  return {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
}

export async function startTestS3(bucket = 'yearbook-test'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'yb-s3-'));
  const start = async (port: number) => {
    const s3rver = new S3rver({
      address: '127.0.0.1',
      port,
      directory,
      silent: true,
      configureBuckets: [{ name: bucket }],
    });
    const address = await s3rver.run();
    return { s3rver, port: address.port };
  };
  let { s3rver: server, port } = await start(0);
  let running = true;
  const stop = async () => {
    if (!running) return;
    running = false;
    const closed = server.close();
    server.httpServer.closeAllConnections();
    await closed;
  };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    settings: s3rverSettings(endpoint, bucket),
    stop,
    async restart() {
      if (running) return;
      ({ s3rver: server, port } = await start(port));
      running = true;
    },
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export interface StalledS3 {
  /** The S3_* settings that point the app at this server. */
  settings: Record<string, string>;
  /** Requests received (method and path), and how many were answered. */
  received: string[];
  answered: number;
  close(): Promise<void>;
}

/**
 * An S3 endpoint that accepts every connection and request and then stalls: it never answers, or, with
 * `answerAfterMs`, answers 200 (a stored object, as far as the SDK can tell) that long after.
 */
export async function startStalledS3(options: { answerAfterMs?: number } = {}): Promise<StalledS3> {
  const sockets = new Set<Socket>();
  const state = { received: [] as string[], answered: 0 };
  const server = http.createServer((request, response) => {
    state.received.push(`${request.method} ${request.url}`);
    request.resume();
    if (options.answerAfterMs === undefined) return;
    setTimeout(() => {
      state.answered += 1;
      response.writeHead(200, { etag: '"0"', 'content-length': '0' }).end();
    }, options.answerAfterMs);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    settings: {
      S3_BUCKET: 'yearbook-stalled',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'STALLED',
      S3_SECRET_ACCESS_KEY: 'STALLED',
      S3_FORCE_PATH_STYLE: 'true',
    },
    received: state.received,
    get answered() {
      return state.answered;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
