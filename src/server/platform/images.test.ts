import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createCameraJpeg, createHugeDeclaredPng } from '../../../tests/support/images';
import { PHOTO_MAX_BYTES } from '../../shared/limits';
import { AppError } from '../app-error';
import { PHOTO_UPLOAD_MAX_BYTES, processProfilePhoto } from './images';

const NOT_AN_IMAGE = 'Please select an image file';
const TOO_MANY_PIXELS = 'This image is too large to process. Please choose a smaller image.';
const PROCESSING_FAILED = 'There was an error processing the image. Please try another image.';

describe('processProfilePhoto', () => {
  it('rotates, shrinks and strips every piece of metadata from a camera photo', async () => {
    const input = await createCameraJpeg({ orientation: 6 });
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString('latin1')).toContain('AcmeCam');
    // The GPS IFD pointer (tag 0x8825, little-endian in this 'II' EXIF block) is present.
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const output = await processProfilePhoto(input);
    const after = await sharp(output).metadata();
    expect(after.format).toBe('jpeg');
    expect([after.width, after.height]).toEqual([800, 1200]);
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(output.length).toBeLessThanOrEqual(PHOTO_MAX_BYTES);
  });

  it('flattens a noisy transparent PNG onto white and keeps it within 1 MB', async () => {
    // Random opaque pixels, so it compresses badly, with a fully transparent band on the left.
    const pixels = randomBytes(1200 * 1200 * 4);
    for (let i = 0; i < pixels.length; i += 4) pixels[i + 3] = (i / 4) % 1200 < 200 ? 0 : 255;
    const input = await sharp(pixels, { raw: { width: 1200, height: 1200, channels: 4 } })
      .png()
      .toBuffer();
    expect(input.length).toBeLessThanOrEqual(PHOTO_UPLOAD_MAX_BYTES);
    expect((await sharp(input).metadata()).hasAlpha).toBe(true);

    const output = await processProfilePhoto(input);
    const after = await sharp(output).metadata();
    expect([after.format, after.width, after.height]).toEqual(['jpeg', 1200, 1200]);
    expect(after.hasAlpha).toBe(false);
    expect(after.channels).toBe(3);
    expect(output.length).toBeLessThanOrEqual(PHOTO_MAX_BYTES);
    // stats() reads its input, not the pipeline, so the band is cut out first.
    const bandPixels = await sharp(output).extract({ left: 20, top: 20, width: 150, height: 150 }).toBuffer();
    const band = await sharp(bandPixels).stats();
    for (const channel of band.channels) expect(channel.mean).toBeGreaterThan(250);
  });

  it('does not enlarge a small image', async () => {
    const input = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const after = await sharp(await processProfilePhoto(input)).metadata();
    expect([after.format, after.width, after.height]).toEqual(['jpeg', 200, 100]);
  });

  it.each(['gif', 'webp', 'avif'] as const)('accepts %s and returns a JPEG', async (format) => {
    const input = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#ff8800' } })
      .toFormat(format)
      .toBuffer();
    const after = await sharp(await processProfilePhoto(input)).metadata();
    expect([after.format, after.width, after.height]).toEqual(['jpeg', 64, 48]);
  });

  it.each([
    ['text renamed as .jpg', Buffer.from('hello world, not an image')],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect/></svg>')],
    ['PDF', Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n')],
    ['empty', Buffer.alloc(0)],
  ])('refuses %s as not an image (415)', async (_name, input) => {
    const failure = processProfilePhoto(input);
    await expect(failure).rejects.toBeInstanceOf(AppError);
    await expect(failure).rejects.toMatchObject({ status: 415, message: NOT_AN_IMAGE });
  });

  it('refuses a truncated JPEG (400)', async () => {
    const full = await createCameraJpeg({ orientation: 6 });
    const failure = processProfilePhoto(full.subarray(0, full.length >> 1));
    await expect(failure).rejects.toBeInstanceOf(AppError);
    await expect(failure).rejects.toMatchObject({ status: 400, message: PROCESSING_FAILED });
  });

  it('refuses an image declaring more pixels than the limit (400)', async () => {
    const failure = processProfilePhoto(createHugeDeclaredPng());
    await expect(failure).rejects.toBeInstanceOf(AppError);
    await expect(failure).rejects.toMatchObject({ status: 400, message: TOO_MANY_PIXELS });
  });

  it.each([
    ['garbage', Buffer.from('garbage that only pretends to be a photo '.repeat(20))],
    ['a PNG', Buffer.from(createHugeDeclaredPng())],
  ])('refuses JPEG magic bytes followed by %s (400, not 500)', async (_name, rest) => {
    const failure = processProfilePhoto(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), rest]));
    await expect(failure).rejects.toBeInstanceOf(AppError);
    await expect(failure).rejects.toMatchObject({ status: 400, message: PROCESSING_FAILED });
  });

  it('refuses an upload over the raw size limit (413)', async () => {
    const input = Buffer.alloc(PHOTO_UPLOAD_MAX_BYTES + 1);
    input.set([0xff, 0xd8, 0xff]);
    await expect(processProfilePhoto(input)).rejects.toMatchObject({ status: 413 });
  });
});
