// The author's own posts the text check held (issue #47), on their profile above their posts, labelled
// "Waiting for review". Only the owner's profile asks for them; the server answers only their own.
import { useQuery } from '@tanstack/react-query';
import { SAFETY_MESSAGES } from '../../../../shared/safety';
import { ownHeldPostsQueryOptions } from '../api/held-posts-api';

export function OwnHeldPosts() {
  const held = useQuery(ownHeldPostsQueryOptions());
  const posts = held.data?.heldPosts ?? [];
  if (posts.length === 0) return null;
  return (
    <section aria-label={SAFETY_MESSAGES.waitingLabel} className="mb-6 space-y-3">
      {posts.map((post) => (
        <article
          key={post.id}
          className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-slate-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
        >
          <p className="text-sm font-semibold">
            {SAFETY_MESSAGES.waitingLabel}
            {post.isAnonymous ? ' · Anonymous' : ''}
          </p>
          <p className="mt-2 whitespace-pre-wrap break-words">{post.content}</p>
          {post.askline ? <p className="mt-1 text-sm">Askline: {post.askline.content}</p> : null}
        </article>
      ))}
    </section>
  );
}
