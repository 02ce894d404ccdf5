// The thread a book is drawn on (decision 041: measured, pdfkit's layout, shaping and font subsetting
// held the main event loop up to seconds at a time in a 500-member book). The main thread keeps the
// database and the storage: it sends the book's rows, and each page's photos when the thread asks for
// them (resized by sharp there, off the event loop); the thread writes the PDF to the temporary file and
// says how far it is. Plain JavaScript loading the TypeScript renderer through tsx's scoped import, as
// the preview images' threads do (share/preview-worker.mjs): a thread starts without its parent's hooks.
import { createWriteStream } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const waiting = new Map();
let asked = 0;

port.on('message', (message) => {
  if (message.type !== 'photos') return;
  waiting.get(message.id)?.(message.photos.map((photo) => (photo ? Buffer.from(photo) : null)));
  waiting.delete(message.id);
});

/** @param {(string | null)[]} keys */
function photos(keys) {
  return new Promise((resolve) => {
    const id = asked++;
    waiting.set(id, resolve);
    port.postMessage({ type: 'photos', id, keys });
  });
}

/** @param {number} fraction */
function progress(fraction) {
  port.postMessage({ type: 'progress', fraction });
}

try {
  const { renderClassBook, renderPersonalPage } = await tsImport('./render.ts', import.meta.url);
  const { kind, paper, contents, file } = workerData;
  const out = createWriteStream(file);
  if (kind === 'page') {
    const page = { ...contents, photo: contents.photo ? Buffer.from(contents.photo) : null };
    await renderPersonalPage(page, paper, out, { progress });
  } else {
    await renderClassBook(contents, paper, out, photos, { progress });
  }
  port.postMessage({ type: 'done' });
} catch (error) {
  port.postMessage({
    type: 'error',
    message: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
}
