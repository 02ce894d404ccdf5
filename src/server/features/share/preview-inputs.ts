// What a preview image shows, and a short version of it: the version names the picture in caches and
// in the og:image address, so a changed name or photo gives a new address that networks fetch again.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Askline } from '../../../shared/asklines';
import { campusShortDate } from '../../../shared/short-date';
import type { ObjectStorage } from '../../platform/storage';
import type { SharedPost } from './find-shared';
import type { AsklineImageInput, PostImageInput } from './preview-image';

const PHOTO_SIZE = 144;

function versionOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 16);
}

export interface PostPreview {
  version: string;
  input: Omit<PostImageInput, 'photo'>;
  photoKey: string | null;
}

export function postPreview({ post, photoKey }: SharedPost): PostPreview {
  const input = {
    content: post.content,
    author: post.author ? { fullName: post.author.fullName, username: post.author.username } : null,
    askline: post.askline?.content ?? null,
    date: campusShortDate(post.createdAt),
  };
  return { version: versionOf(['post', post.id, input, photoKey]), input, photoKey };
}

export function asklinePreview(askline: Askline): { version: string; input: AsklineImageInput } {
  const input = { content: askline.content, postCount: askline.postCount };
  return { version: versionOf(['askline', askline.id, input]), input };
}

/** The author's photo, small, as a data: URL for satori; null when there is none or it cannot be read. */
export async function loadPreviewPhoto(storage: ObjectStorage, key: string | null): Promise<string | null> {
  if (!key) return null;
  const stored = await storage.get(key);
  if (!stored) return null;
  try {
    const jpeg = await sharp(stored.body, { limitInputPixels: 40_000_000 })
      .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'cover' })
      .jpeg({ quality: 82 })
      .toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  } catch {
    // A stored photo sharp cannot read: the initial stands in, as it does on the card.
    return null;
  }
}
