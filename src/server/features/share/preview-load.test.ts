// Preview images under load (issue #21, finding 4): drawing a picture takes tens to hundreds of
// milliseconds of CPU, so it must happen off the thread that answers requests. A burst of new drawings
// (a renamed author whose posts mix scripts) leaves every other request as quick as before.
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../../tests/support/accounts';
import { scaled } from '../../../../tests/support/machine-factor';
import { startTestServer, type TestServer } from '../../../../tests/support/test-server';
import { posts } from '../../db/schema';
import { closeSharedPreviewRenderer } from './render-pool';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
  await closeSharedPreviewRenderer();
});

const LINES = [
  'கல்லூரி நாட்கள் என்றும் நினைவில் இருக்கும், நன்றி நண்பர்களே!',
  'हॉस्टल की छत पर आख़िरी रात, चाय और पूरी टोली।',
  'Last night at the hostel terrace: stars, chai and the whole gang.',
  'Canteen dosa at 2am with the fest volunteers, then the library till sunrise.',
];
const EMOJI = ['😋', '🎉', '🔥', '📚', '🌙', '☕', '🎓', '💛', '🚀', '🌧️'];

/** Thirty distinct posts, each mixing Tamil, Devanagari, Latin and emoji, as a renamed author's might. */
function mixedScriptPosts(userId: string, count: number) {
  return Array.from({ length: count }, (_, index) => ({
    userId,
    content: [
      `${LINES[index % 4]} ${EMOJI[index % EMOJI.length]}`,
      `${LINES[(index + 1) % 4]} ${EMOJI[(index + 3) % EMOJI.length]}`,
      `#${index} ${LINES[(index + 2) % 4]}`,
    ]
      .join('\n')
      .slice(0, 250),
  }));
}

async function health(): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await server.request('/api/health');
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

describe('a burst of new preview images', () => {
  it('leaves /api/health answering in under 200 ms while thirty pictures are drawn', async () => {
    const author = await createAccount(server, { fullName: 'Meenakshi Sundaram Iyer' });
    const rows = await server.database.db
      .insert(posts)
      .values(mixedScriptPosts(author.userId, 30))
      .returning({ id: posts.id });
    // Warm up what a first request pays once (the routes, their statements), not what is measured.
    expect((await health()).status).toBe(200);
    expect((await server.request(`/og/posts/${crypto.randomUUID()}.png`)).status).toBe(404);

    let rendering = true;
    const burst = Promise.all(
      rows.map(async ({ id }, index) => {
        // Thirty requests over three seconds, as crawlers come, not in one millisecond: thirty lookups
        // at one instant queue on the embedded database's one connection whatever draws the pictures,
        // and that is not what is measured here. The drawings still overlap: each takes 70–700 ms of
        // CPU, and a new thread's first one about a second.
        await new Promise((resolve) => setTimeout(resolve, index * 100));
        const res = await server.request(`/og/posts/${id}.png`);
        return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
      }),
    ).finally(() => {
      rendering = false;
    });
    const checks: { status: number; ms: number }[] = [];
    while (rendering) {
      checks.push(await health());
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const images = await burst;

    expect(images.map((image) => image.status)).toEqual(rows.map(() => 200));
    for (const { body } of images) {
      expect(await sharp(body).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    }
    expect(new Set(images.map(({ body }) => body.toString('base64'))).size).toBe(rows.length);
    const times = checks.map((check) => check.ms).sort((a, b) => a - b);
    const p90 = times[Math.floor(times.length * 0.9)] ?? Number.POSITIVE_INFINITY;
    console.log(
      `health during the burst: ${checks.length} checks, median ${Math.round(times[Math.floor(times.length / 2)] ?? 0)} ms, ` +
        `90th percentile ${Math.round(p90)} ms, slowest ${Math.round(times.at(-1) ?? 0)} ms`,
    );
    expect(checks.every((check) => check.status === 200)).toBe(true);
    // Nine checks in ten under 200 ms: drawing on the main thread held most of them 250-700 ms (up to
    // 6.5 s). The tenth is left to the machine: on a busy shared one a garbage collection or a
    // scheduler pause in this process alone reached 200-400 ms with nothing being drawn at all. The
    // limit stretches with the machine factor (200 ms on a quiet machine), like every time limit.
    expect(p90, `90th percentile of ${checks.length} health checks`).toBeLessThan(scaled(200));
    // The burst lasted long enough to be measured while it ran.
    expect(checks.length).toBeGreaterThanOrEqual(5);
    // Thirty drawings on one thread of a busy two-core machine take a while; the health checks do not.
  }, 120_000);
});
