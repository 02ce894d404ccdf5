// A local S3-compatible server (s3rver) for one test file, with one empty bucket; its files live in a
// temporary folder removed on close. Its fixed credentials are S3RVER / S3RVER.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The S3_* settings that point the app at this server. */
  settings: Record<string, string>;
  close(): Promise<void>;
}

export async function startTestS3(bucket = 'yearbook-test'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'yb-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    settings: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
