// The render pool's limits (issue #21, finding 4): when every thread is busy and the queue is full, a
// new picture is refused with 503 and a time to come back, while kept pictures and 304s are still
// answered; and the pool never keeps a process alive, however the server's TypeScript is run.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccount } from '../../../../tests/support/accounts';
import { PROJECT_ROOT } from '../../../../tests/support/server-process';
import { startTestServer, type TestServer } from '../../../../tests/support/test-server';
import { posts } from '../../db/schema';
import type { PreviewRenderer } from './render-pool';

// One thread and room for two waiting drawings, so a handful of requests fills the pool.
const pool = vi.hoisted(() => ({ renderer: null as PreviewRenderer | null }));
vi.mock('./render-pool', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./render-pool')>();
  pool.renderer = actual.createPreviewRenderer({ threads: 1, maxQueue: 2 });
  return { ...actual, sharedPreviewRenderer: () => pool.renderer };
});

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
  await pool.renderer?.close();
});

/** Long posts in several scripts: each takes a while to draw, so the queue stays full for a moment. */
function slowPosts(userId: string, count: number) {
  return Array.from({ length: count }, (_, index) => ({
    userId,
    content:
      `${index} நினைவுகள் என்றும் இனிமை 🎓 हॉस्टल की आख़िरी रात 🌙 Farewell night at the hostel terrace with chai and songs till sunrise, ${'and more stories '.repeat(6)}`.slice(
        0,
        250,
      ),
  }));
}

describe('a full render queue', () => {
  it('refuses new pictures with 503 and Retry-After, and still serves kept ones and 304s', async () => {
    const author = await createAccount(server, { fullName: 'Queue Tester' });
    const [kept, ...fresh] = await server.database.db
      .insert(posts)
      .values(slowPosts(author.userId, 13))
      .returning({ id: posts.id });
    const keptUrl = `/og/posts/${kept?.id}.png`;
    const first = await server.request(keptUrl);
    expect(first.status).toBe(200);
    const keptPng = Buffer.from(await first.arrayBuffer());
    const etag = first.headers.get('etag') ?? '';

    let noteRefusal: (res: Response) => void = () => undefined;
    const refused = new Promise<Response>((resolve) => {
      noteRefusal = resolve;
    });
    const burst = Promise.all(
      fresh.map(async ({ id }) => {
        const res = await server.request(`/og/posts/${id}.png`);
        if (res.status === 503) noteRefusal(res.clone());
        await res.arrayBuffer();
        return res.status;
      }),
    );
    const refusal = await Promise.race([refused, burst.then(() => null)]);
    expect(refusal, 'one of twelve new pictures is refused').not.toBeNull();
    if (!refusal) return;

    // While the pool is full, the kept picture and its revalidation are answered, and neither waits for
    // the pool: nothing is drawn for them. (Whether the pool is still full once they are answered
    // depends on how fast this machine draws, so that is not asserted.)
    expect(pool.renderer?.isFull()).toBe(true);
    const renderer = pool.renderer;
    if (!renderer) throw new Error('no render pool');
    const draws = vi.spyOn(renderer, 'draw');
    const again = await server.request(keptUrl);
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer())).toEqual(keptPng);
    const revalidated = await server.request(keptUrl, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
    // The burst's own requests may still reach the pool meanwhile; none of the drawings is the kept post.
    const keptContent = slowPosts(author.userId, 1)[0]?.content;
    const drawnContents = draws.mock.calls.map(([task]) => (task.input as { content?: string }).content);
    expect(drawnContents).not.toContain(keptContent);
    draws.mockRestore();

    expect(refusal.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(refusal.headers.get('cache-control')).toBe('no-store');
    expect(refusal.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await refusal.json()).toMatchObject({
      error: {
        code: 'unavailable',
        message: 'Preview images are busy being drawn. Please try again in a few seconds.',
        requestId: expect.any(String),
      },
    });

    // Every request either got its picture or was refused; none failed otherwise.
    const statuses = await burst;
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(3);
    // A refused picture is drawn once the queue has room again.
    const later = fresh[statuses.indexOf(503)];
    expect((await server.request(`/og/posts/${later?.id}.png`)).status).toBe(200);
  }, 120_000);
});

describe('the render pool', () => {
  // Both ways the server's TypeScript is run outside vitest: tsx in the node flags (tests, `tsx watch`)
  // and tsx registered in the process (`npm start`, scripts/start.mjs). Idle threads must not hold the
  // process open: the script ends without closing the pool.
  const drawOnce = `
    const { createPreviewRenderer } = await import('./src/server/features/share/render-pool.ts');
    const png = await createPreviewRenderer().draw({ kind: 'askline', input: { content: 'நன்றி 🎓', postCount: 2 } });
    console.log(png.subarray(1, 4).toString(), png.length > 1000);
  `;
  // Evaluated as a script (no --input-type: threads inherit the node flags, and it is refused there).
  const script = (body: string) =>
    `(async () => { ${body} })().catch((error) => { console.error(error); process.exit(1); });`;
  const run = promisify(execFile);

  it.each([
    ['node --import tsx', ['--import', 'tsx', '-e', script(drawOnce)]],
    [
      "tsx's register() as npm start does",
      ['-e', script(`const { register } = await import('tsx/esm/api'); register(); ${drawOnce}`)],
    ],
  ])(
    'draws under %s and lets the process exit',
    async (_, args) => {
      // Well under the pool's 60 s idle timeout: an idle thread that held the process would show here.
      const { stdout } = await run(process.execPath, args, { cwd: PROJECT_ROOT, timeout: 40_000 });
      expect(stdout.trim()).toBe('PNG true');
    },
    90_000,
  );
});
