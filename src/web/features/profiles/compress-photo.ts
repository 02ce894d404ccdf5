// SPEC §5 Photo: before upload the browser shrinks the picture to at most 1200 px on the longer side
// and 1 MB, as JPEG (the server re-checks and re-encodes whatever arrives). The compressor is bundled
// and loaded only when someone picks a photo; it runs on the page itself rather than in its worker,
// whose helper script would come from a CDN.

import { PHOTO_MAX_BYTES, PHOTO_MAX_DIMENSION } from '../../../shared/limits';
import { PROFILE_MESSAGES } from '../../../shared/values/profiles';

export class PhotoError extends Error {}

export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/');
}

export async function compressPhoto(file: File): Promise<File> {
  if (!isImageFile(file)) throw new PhotoError(PROFILE_MESSAGES.notAnImage);
  try {
    const { default: imageCompression } = await import('browser-image-compression');
    const compressed = await imageCompression(file, {
      maxSizeMB: PHOTO_MAX_BYTES / (1024 * 1024),
      maxWidthOrHeight: PHOTO_MAX_DIMENSION,
      fileType: 'image/jpeg',
      initialQuality: 0.85,
      useWebWorker: false,
    });
    return new File([compressed], 'profile-photo.jpg', { type: 'image/jpeg' });
  } catch {
    throw new PhotoError(PROFILE_MESSAGES.imageFailed);
  }
}
