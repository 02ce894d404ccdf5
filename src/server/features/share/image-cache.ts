// Rendered link-preview images, kept in process memory by what they show (a hash of their inputs), up
// to a byte budget, least recently used out first. A cache, not a store: every request still asks the
// database whether the post is live before anything is served, so a deleted post's picture is gone at
// once on every instance, and an instance that never saw a picture just draws it again.
export interface ImageCache {
  /** The image for `key`, drawn by `render` only when no copy (or drawing in progress) exists. */
  get(key: string, render: () => Promise<Buffer>): Promise<Buffer>;
  has(key: string): boolean;
  /** Whether `key` is being drawn now (a `get` for it joins that drawing). */
  isDrawing(key: string): boolean;
}

export function createImageCache(maxBytes: number): ImageCache {
  const ready = new Map<string, Buffer>();
  const drawing = new Map<string, Promise<Buffer>>();
  let bytes = 0;

  function keep(key: string, image: Buffer) {
    if (image.length > maxBytes) return;
    ready.set(key, image);
    bytes += image.length;
    // A Map iterates in insertion order: the first key is the least recently used one.
    for (const [oldest, old] of ready) {
      if (bytes <= maxBytes) break;
      ready.delete(oldest);
      bytes -= old.length;
    }
  }

  return {
    has: (key) => ready.has(key),
    isDrawing: (key) => drawing.has(key),
    async get(key, render) {
      const found = ready.get(key);
      if (found) {
        ready.delete(key);
        ready.set(key, found);
        return found;
      }
      // Two requests for the same new picture draw it once.
      let pending = drawing.get(key);
      if (!pending) {
        pending = render().finally(() => drawing.delete(key));
        drawing.set(key, pending);
        pending.then(
          (image) => keep(key, image),
          () => undefined,
        );
      }
      return pending;
    },
  };
}
