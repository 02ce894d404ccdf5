// The threads that draw link-preview images (issue #21, finding 4). satori lays a picture out in plain
// JavaScript for 70–700 ms of CPU, which on the main thread held every other request (a burst of thirty
// kept /api/health waiting seconds). A piscina pool draws them on worker threads instead, with a bounded
// queue: when it is full the caller is told to come back later (routes.ts answers 503) rather than
// waiting behind a backlog that crawlers would give up on anyway.
import os from 'node:os';
import { Piscina } from 'piscina';
import type { PreviewTask } from './preview-image';

/** Drawings that may wait per thread: about 32 × 200 ms, a few seconds at worst for the last one. */
const QUEUED_PER_THREAD = 32;
const IDLE_TIMEOUT_MS = 60_000;
/** Unix niceness added to drawing threads (Linux sets it per thread); 0–19, higher yields more. */
const RENDER_NICENESS = 5;
/** A drawing's run time before any was measured. */
const ASSUMED_RUN_MS = 300;

export interface PreviewRendererOptions {
  /** Threads drawing at once; default: the machine's cores less the main thread's, at least 1. */
  threads?: number;
  /** Drawings that may wait for a thread; default 32 per thread. */
  maxQueue?: number;
  /** A thread with nothing to draw for this long exits; the next drawing starts one again. */
  idleTimeoutMs?: number;
}

export interface PreviewRenderer {
  /** The PNG of `task`, drawn on a pool thread; throws RenderQueueFullError when the queue is full. */
  draw(task: PreviewTask): Promise<Buffer>;
  /** Whether a new drawing would be refused now. */
  isFull(): boolean;
  /** Roughly how long until the queue has room again, in whole seconds (for Retry-After). */
  retryAfterSeconds(): number;
  /** Refuses what still waits, lets running drawings finish, and ends the threads. */
  close(): Promise<void>;
}

export class RenderQueueFullError extends Error {
  constructor() {
    super('the preview render queue is full');
    this.name = 'RenderQueueFullError';
  }
}

export function defaultRenderThreads(): number {
  return Math.max(1, os.availableParallelism() - 1);
}

export function createPreviewRenderer(options: PreviewRendererOptions = {}): PreviewRenderer {
  const threads = options.threads ?? defaultRenderThreads();
  const maxQueue = options.maxQueue ?? threads * QUEUED_PER_THREAD;
  const pool = new Piscina<PreviewTask, Uint8Array>({
    filename: new URL('./preview-worker.mjs', import.meta.url).href,
    // No thread is kept for a server that draws nothing; idle ones exit. piscina unrefs idle threads,
    // so the pool never keeps a process alive, and refs a thread only while it draws.
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: options.idleTimeoutMs ?? IDLE_TIMEOUT_MS,
    maxQueue,
    // Drawing is background work: where threads compete for a core, the one answering requests wins.
    niceIncrement: RENDER_NICENESS,
    // Between drawings a thread waits on its message port, not blocked in Atomics.wait, so its event
    // loop runs (a new thread reads its fonts while it waits for its first drawing).
    atomics: 'disabled',
  });
  // A thread that fails outside a drawing (its drawings already got the error) must not take the
  // process down as an unhandled 'error' event.
  pool.on('error', (error: unknown) => {
    process.emitWarning(error instanceof Error ? error : String(error), 'PreviewRenderPool');
  });

  const isFull = () => pool.queueSize >= maxQueue;

  return {
    isFull,
    async draw(task) {
      // piscina would refuse the task in the same case; saying so here gives the error a type.
      if (isFull()) throw new RenderQueueFullError();
      const png = await pool.run(task);
      // A Buffer crosses threads as a plain Uint8Array: view the same bytes as a Buffer again.
      return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
    },
    retryAfterSeconds() {
      const measured = pool.histogram.runTime.mean;
      const runMs = Number.isFinite(measured) && measured > 0 ? measured : ASSUMED_RUN_MS;
      const waiting = pool.queueSize + threads;
      return Math.min(60, Math.max(1, Math.ceil((waiting * runMs) / threads / 1000)));
    },
    close: () => pool.close({ force: true }),
  };
}

let shared: PreviewRenderer | null = null;

/** The process's pool, sized to the machine, started on first use (every app in the process shares it). */
export function sharedPreviewRenderer(): PreviewRenderer {
  shared ??= createPreviewRenderer();
  return shared;
}

/** Ends the shared pool, if one was started (graceful shutdown); a later drawing starts a new one. */
export async function closeSharedPreviewRenderer(): Promise<void> {
  const closing = shared;
  shared = null;
  await closing?.close();
}
