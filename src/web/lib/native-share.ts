// The phone's own share sheet (Web Share API; Level 2 for files: issue #51), so a post goes straight to
// WhatsApp or an Instagram Story. Offered where the browser has it and the main pointer is a finger:
// desktop browsers that have it too keep the app's own menu, whose Copy and Download say plainly what
// they do. Decided after hydration (the server cannot know), so the first render matches the server's.
import { useEffect, useState } from 'react';
import { postShareUrl, type ShareFormat } from '../../shared/share-links';

/** The phone's share sheet refused (issue #51); closing it is no failure and says nothing. */
export const SHARE_FAILED = 'Failed to share. Please try again, or copy the link.';

/** What the share sheet shows above the link: an anonymous post names no one. */
export function shareTitle(post: { author: { fullName: string } | null }): string {
  return post.author
    ? `Post by ${post.author.fullName} on Campus Yearbook`
    : 'Anonymous post on Campus Yearbook';
}

export function nativeShareOffered(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    typeof navigator.share === 'function' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(pointer: coarse)').matches
  );
}

/** Whether the share sheet takes these files (Level 2); false where it takes only links and text. */
export function canShareFiles(files: File[]): boolean {
  return typeof navigator.canShare === 'function' && navigator.canShare({ files });
}

/** Opens the share sheet: 'cancelled' when the person closed it, which is no failure. */
export async function shareNatively(data: ShareData): Promise<'shared' | 'cancelled'> {
  try {
    await navigator.share(data);
    return 'shared';
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    throw error;
  }
}

/** nativeShareOffered(), false on the server and in the first render. */
export function useNativeShareOffered(): boolean {
  const [offered, setOffered] = useState(false);
  useEffect(() => setOffered(nativeShareOffered()), []);
  return offered;
}

/**
 * A card's Share via…: the post's link in the share sheet. Answers what to tell the person (the
 * failure), or null.
 */
export async function sharePostLink(
  post: { id: string; author: { username: string; fullName: string } | null },
  format: ShareFormat = 'default',
): Promise<string | null> {
  try {
    await shareNatively({ title: shareTitle(post), url: postShareUrl(window.location.origin, post, format) });
    return null;
  } catch {
    return SHARE_FAILED;
  }
}
