// The entry of a render-pool thread (render-pool.ts). A worker thread starts without the module hooks
// its parent runs under (tsx for `npm start`, vite's for vitest), so this file is plain JavaScript and
// loads the TSX renderer through tsx's scoped import, which works whether or not the thread already has
// tsx (`tsx watch` passes it to threads; `npm start` and vitest do not). The module, its fonts and
// satori's parsed copies of them stay loaded for the thread's life: one load per thread.
import { tsImport } from 'tsx/esm/api';

const renderer = tsImport('./preview-image.tsx', import.meta.url).then(async (module) => {
  await module.loadPreviewFonts();
  return module;
});
// Loading starts with the thread; a failure reaches the first drawing rather than crashing the thread.
renderer.catch(() => undefined);

/** @param {import('./preview-image').PreviewTask} task */
export default async function drawPreview(task) {
  const { renderPreview } = await renderer;
  return renderPreview(task);
}
