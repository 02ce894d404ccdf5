// Draws a book on a thread of its own (book-worker.mjs), one thread per book: the book maker makes one
// book at a time, so there is at most one such thread per instance, and it exits with its book. The
// event loop here only passes messages and fetches photos (sharp resizes them off the loop).
import { Worker } from 'node:worker_threads';
import type { BookPaper } from '../../../../shared/book';
import type { ClassContents, PageContents, PhotoLoader } from './render';

export type BookToDraw =
  | { kind: 'page'; contents: PageContents }
  | { kind: 'class'; contents: ClassContents; photos: PhotoLoader };

export function drawBookOnThread(
  book: BookToDraw,
  paper: BookPaper,
  file: string,
  hooks: { progress(fraction: number): void; signal?: AbortSignal },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./book-worker.mjs', import.meta.url), {
      workerData: { kind: book.kind, paper, contents: book.contents, file },
    });
    let settled = false;
    const finish = (error?: unknown) => {
      if (settled) return;
      settled = true;
      hooks.signal?.removeEventListener('abort', stop);
      void worker.terminate();
      if (error) reject(error);
      else resolve();
    };
    const stop = () => finish(hooks.signal?.reason ?? new Error('stopped'));
    hooks.signal?.addEventListener('abort', stop, { once: true });
    worker.on(
      'message',
      (message: {
        type: string;
        id?: number;
        keys?: (string | null)[];
        fraction?: number;
        message?: string;
      }) => {
        if (message.type === 'progress') hooks.progress(message.fraction ?? 0);
        else if (message.type === 'photos' && book.kind === 'class') {
          book.photos(message.keys ?? []).then(
            (photos) => {
              if (!settled) worker.postMessage({ type: 'photos', id: message.id, photos });
            },
            (error: unknown) => finish(error),
          );
        } else if (message.type === 'done') finish();
        else if (message.type === 'error') finish(new Error(`the book's thread failed: ${message.message}`));
      },
    );
    worker.on('error', (error) => finish(error));
    worker.on('exit', (code) =>
      finish(code === 0 ? undefined : new Error(`the book's thread exited (${code})`)),
    );
  });
}
