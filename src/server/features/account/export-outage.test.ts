// The data export is a zip streamed as it is made (decision 017), so its status and headers have gone
// out before the profile picture is read from the bucket. When the bucket fails at that point the
// download must fail as a download (the connection cut before the archive's end), never end as if
// complete with the picture missing; the bucket's outage is logged once and counted as the bucket's,
// not as our bug with a stack (issue #46).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type Member } from '../../../../tests/support/accounts';
import { createCameraJpeg } from '../../../../tests/support/images';
import { captureLogs, LOG_LEVEL } from '../../../../tests/support/log-capture';
import { startTestS3, type TestS3 } from '../../../../tests/support/s3-server';
import { NO_RATE_LIMITS, startTestServer, type TestServer } from '../../../../tests/support/test-server';

let s3: TestS3;
let server: TestServer;
const { logger, lines } = captureLogs();

beforeAll(async () => {
  s3 = await startTestS3();
  server = await startTestServer({
    settings: { ...s3.settings, S3_TIMEOUT_MS: '2000' },
    rateLimiter: NO_RATE_LIMITS,
    logger,
    recoveryQuietMs: 200,
  });
});
afterAll(async () => {
  await server?.close();
  await s3?.close();
});

async function memberWithPicture(): Promise<Member> {
  const member = await createMember(server);
  const res = await server.request(`/api/profiles/${member.username}/photo`, {
    method: 'PUT',
    headers: { 'content-type': 'image/jpeg', cookie: member.cookie },
    body: new Uint8Array(await createCameraJpeg({ width: 300, height: 200 })),
  });
  expect(res.status).toBe(200);
  return member;
}

/** The export's answer, and how reading its body to the end went. */
async function download(member: Member) {
  const res = await server.request('/api/account/export', { headers: { cookie: member.cookie } });
  const body = await res.arrayBuffer().then(
    (bytes) => ({ complete: true as const, bytes: bytes.byteLength }),
    (error: unknown) => ({ complete: false as const, error }),
  );
  return { status: res.status, body };
}

describe('an export whose picture the bucket cannot give', () => {
  it('fails as a download, logs the outage once without a stack, and counts it as the bucket’s', async () => {
    const member = await memberWithPicture();
    const before = server.dependencyHealth.status('storage').failures;
    await s3.stop();
    try {
      const first = await download(member);
      const second = await download(member);
      for (const answer of [first, second]) {
        // The headers went out before the bucket was asked: the failure is in the body.
        expect(answer.status).toBe(200);
        expect(answer.body.complete).toBe(false);
      }
      // Nothing the app wrote is an error with a stack: the bucket's trouble is not our bug.
      expect(lines.filter((line) => line.level >= LOG_LEVEL.error)).toEqual([]);
      expect(lines.filter((line) => line.err !== undefined)).toEqual([]);
      const outage = lines.filter((line) => line.dependency === 'storage' && line.level === LOG_LEVEL.warn);
      expect(outage).toHaveLength(1);
      expect(outage[0]?.cause?.code).toBe('ECONNREFUSED');
      expect(server.dependencyHealth.status('storage')).toMatchObject({ state: 'down' });
      expect(server.dependencyHealth.status('storage').failures - before).toBe(2);
    } finally {
      await s3.restart();
    }

    // The bucket back: the export is whole again, and the recovery is logged once.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const again = await download(member);
    expect(again).toMatchObject({ status: 200, body: { complete: true } });
    const recovered = lines.filter((line) => line.dependency === 'storage' && line.level === LOG_LEVEL.info);
    expect(recovered).toHaveLength(1);
    expect(server.dependencyHealth.status('storage').state).toBe('up');
  });
});
