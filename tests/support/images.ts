// Image files for upload tests, made on the fly (no binary fixtures in the repository).
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

export const CAMERA_MAKE = 'AcmeCam';

/** A photo-like JPEG: noisy pixels, a camera make and model and GPS coordinates in its EXIF. */
export function createCameraJpeg(
  options: { width?: number; height?: number; orientation?: number } = {},
): Promise<Buffer> {
  const { width = 3000, height = 2000, orientation } = options;
  const image = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 20 },
    },
  }).jpeg({ quality: 80 });
  return (orientation ? image.withMetadata({ orientation }) : image)
    .withExifMerge({
      IFD0: { Make: CAMERA_MAKE, Model: 'Spy 3000' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 30/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '13/1 24/1 0/1',
      },
    })
    .toBuffer();
}

function createPngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A tiny PNG whose header declares 20000x20000 8-bit grayscale, without allocating those pixels. */
export function createHugeDeclaredPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header.set([8, 0, 0, 0, 0], 8); // bit depth 8, grayscale, deflate, adaptive filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    createPngChunk('IHDR', header),
    createPngChunk('IDAT', deflateSync(Buffer.alloc(20_001))), // one filtered row of zeros
    createPngChunk('IEND', Buffer.alloc(0)),
  ]);
}
