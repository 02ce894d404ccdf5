import type { DemoPost } from './demo-data';

// SPEC §2: the profile header's Posts and Likes leave anonymous posts out, so the counts never hint at
// which anonymous posts someone wrote.
export function countProfileStats(posts: readonly DemoPost[]): { posts: number; likes: number } {
  const named = posts.filter((post) => !post.is_anonymous);
  return { posts: named.length, likes: named.reduce((sum, post) => sum + post.like_count, 0) };
}
