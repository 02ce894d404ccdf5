// Profile photo processing: the one place uploaded image bytes are decoded. It refuses anything
// that is not a plain raster image, then re-encodes what it accepts as a small, metadata-free
// sRGB JPEG, so nothing the uploader's camera or tools put in the file reaches other people.

import sharp, { type Metadata } from 'sharp';
import { PHOTO_MAX_BYTES, PHOTO_MAX_DIMENSION } from '../../shared/limits';
import { PROFILE_MESSAGES } from '../../shared/profiles';
import { AppError } from '../app-error';

export const PHOTO_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_MAX_INPUT_PIXELS = 50_000_000;

// Each upload is a distinct image, so libvips's operation cache would only hold decoded pixels in memory.
sharp.cache(false);

const FIRST_QUALITY = 85;
const FALLBACK_QUALITIES = [75, 65, 55, 45];

const NOT_AN_IMAGE = PROFILE_MESSAGES.notAnImage;
export const TOO_LARGE_UPLOAD = 'The photo is too large. Please choose an image under 5 MB.';
const TOO_MANY_PIXELS = 'This image is too large to process. Please choose a smaller image.';
const PROCESSING_FAILED = PROFILE_MESSAGES.imageFailed;

type ImageFamily = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif';

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
}

function readAscii(bytes: Uint8Array, start: number, end: number): string {
  return bytes.length >= end ? String.fromCharCode(...bytes.subarray(start, end)) : '';
}

/** Identifies the format from the file's own first bytes; the name and the declared type are not trusted. */
function detectImageFamily(bytes: Uint8Array): ImageFamily | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  const gif = readAscii(bytes, 0, 6);
  if (gif === 'GIF87a' || gif === 'GIF89a') return 'gif';
  if (readAscii(bytes, 0, 4) === 'RIFF' && readAscii(bytes, 8, 12) === 'WEBP') return 'webp';
  // HEIC (iPhone) is refused: its codec is not in sharp's prebuilt libvips, so only AV1 brands pass.
  const brand = readAscii(bytes, 8, 12);
  if (readAscii(bytes, 4, 8) === 'ftyp' && (brand === 'avif' || brand === 'avis')) {
    return sharp.format.heif?.input.buffer ? 'avif' : null;
  }
  return null;
}

/** Whether what the decoder found is what the magic bytes promised, so polyglot files are refused. */
function matchesFamily(family: ImageFamily, metadata: Metadata): boolean {
  if (family === 'avif') return metadata.format === 'heif' && metadata.compression === 'av1';
  return metadata.format === family;
}

/** Decodes the first frame, upright, flattened onto white, in sRGB and within the size limit. */
async function decodeToPixels(input: Uint8Array, family: ImageFamily) {
  const image = sharp(input, {
    limitInputPixels: PHOTO_MAX_INPUT_PIXELS,
    // Stricter than 'truncated': corrupt data is refused, while benign decoder warnings still pass.
    failOn: 'error',
    sequentialRead: true,
    pages: 1,
  });
  const metadata = await image.metadata();
  if (!matchesFamily(family, metadata)) throw new AppError('validation_failed', PROCESSING_FAILED);
  // The header check refuses early; limitInputPixels still guards the decode itself.
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > PHOTO_MAX_INPUT_PIXELS) {
    throw new AppError('validation_failed', TOO_MANY_PIXELS);
  }
  return image
    .autoOrient()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .resize({
      width: PHOTO_MAX_DIMENSION,
      height: PHOTO_MAX_DIMENSION,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
}

/** Encodes decoded pixels as JPEG, stepping the quality down until the file fits; no metadata is written. */
async function encodeWithinLimit(pixels: Awaited<ReturnType<typeof decodeToPixels>>): Promise<Buffer> {
  const { width, height, channels } = pixels.info;
  for (const quality of [FIRST_QUALITY, ...FALLBACK_QUALITIES]) {
    const jpeg = await sharp(pixels.data, { raw: { width, height, channels } })
      .jpeg({ quality, mozjpeg: true })
      .toBuffer();
    if (jpeg.length <= PHOTO_MAX_BYTES) return jpeg;
  }
  throw new AppError('validation_failed', PROCESSING_FAILED);
}

/**
 * Validates an uploaded profile photo and returns it as a JPEG of at most PHOTO_MAX_DIMENSION on
 * each side and PHOTO_MAX_BYTES in size. Every failure is an AppError with a message for people.
 */
export async function processProfilePhoto(input: Uint8Array): Promise<Buffer> {
  if (input.length > PHOTO_UPLOAD_MAX_BYTES) throw new AppError('payload_too_large', TOO_LARGE_UPLOAD);
  const family = detectImageFamily(input);
  if (!family) throw new AppError('unsupported_media_type', NOT_AN_IMAGE);
  try {
    return await encodeWithinLimit(await decodeToPixels(input, family));
  } catch (error) {
    if (error instanceof AppError) throw error;
    // sharp's messages are internal; only the pixel limit gets its own message for people.
    const message =
      error instanceof Error && /pixel limit/i.test(error.message) ? TOO_MANY_PIXELS : PROCESSING_FAILED;
    throw new AppError('validation_failed', message);
  }
}
