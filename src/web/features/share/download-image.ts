// SPEC §9 image download: the single-post page's frame drawn to a PNG in the browser at 4× pixel ratio
// on black (on white for a Light image, issue #51: the default template's card leaves its rounded
// corners to it), with a second attempt 300 ms after a failed first one (images and fonts still
// arriving), saved as {username}-{postId}-{template}.png ("anonymous" for an image without a name).
// modern-screenshot arrives only when someone downloads.
import {
  IMAGE_BACKGROUND,
  IMAGE_PIXEL_RATIO,
  IMAGE_RETRY_DELAY_MS,
  SHARE_MESSAGES,
  type ShareFormat,
  shareFileName,
} from '../../../shared/share';
import { campusShortDate } from '../../../shared/short-date';
import { isOmittedFromImage } from '../../lib/omit-from-image';
import { saveFile } from '../../lib/save-file';
import { SHARE_FRAME_ID } from './share-frame';

/** A failure with the spec's message for it. */
export class ShareImageError extends Error {}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * In the image, a time reads as its date: "5 min ago" on the card (lib/local-dates.ts) would be wrong
 * as soon as the image is shared. The campuses' date, as the server's preview image writes it.
 */
export function dateInImage(cloned: Node): void {
  if (cloned instanceof Element && cloned.localName === 'time') {
    const when = cloned.getAttribute('datetime');
    if (when) cloned.textContent = campusShortDate(when);
  }
}

/** The frame shows the post without its author's name (the author's "Hide my name", issue #51). */
export function imageHidesName(): boolean {
  return document.getElementById(SHARE_FRAME_ID)?.hasAttribute('data-name-hidden') ?? false;
}

/** The page's frame as a PNG (SPEC §9): what Download saves and the share sheet sends (issue #51). */
export async function renderPostImage(): Promise<Blob> {
  let frame: HTMLElement | null;
  let domToBlob: typeof import('modern-screenshot').domToBlob;
  try {
    frame = document.getElementById(SHARE_FRAME_ID);
    ({ domToBlob } = await import('modern-screenshot'));
    await document.fonts.ready;
  } catch {
    throw new ShareImageError(SHARE_MESSAGES.prepareFailed);
  }
  if (!frame) throw new ShareImageError(SHARE_MESSAGES.prepareFailed);
  const shown = frame;

  const capture = async () => {
    const blob = await domToBlob(shown, {
      scale: IMAGE_PIXEL_RATIO,
      backgroundColor: shown.dataset.theme === 'light' ? '#ffffff' : IMAGE_BACKGROUND,
      type: 'image/png',
      filter: (node) => !isOmittedFromImage(node),
      onCloneEachNode: dateInImage,
    });
    if (!blob || blob.size === 0) throw new Error('empty image');
    return blob;
  };

  try {
    return await capture();
  } catch {
    await pause(IMAGE_RETRY_DELAY_MS);
    try {
      return await capture();
    } catch {
      throw new ShareImageError(SHARE_MESSAGES.downloadFailed);
    }
  }
}

export async function downloadPostImage(
  post: { id: string; author: { username: string } | null },
  format: ShareFormat,
): Promise<void> {
  saveFile(await renderPostImage(), shareFileName(post, format, 'png'));
}
