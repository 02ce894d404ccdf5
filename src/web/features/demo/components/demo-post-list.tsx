import { PostCardView } from '../../posts/components/post-card-view';
import { type DemoPost, demoPostAsPost } from '../demo-data';

// The owner's view of their posts: anonymous ones included (SPEC §2), which is why the note explains
// that the header counts, which skip them, differ from the number of cards.
export function DemoPostList({ posts }: { posts: readonly DemoPost[] }) {
  return (
    <section aria-labelledby="demo-posts-heading" className="mt-10">
      <h2
        id="demo-posts-heading"
        className="text-xl font-semibold tracking-tight text-slate-900 dark:text-white"
      >
        Posts
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Anonymous posts are left out of the counts above, and no one else can see that they are yours.
      </p>
      <ul className="mt-5 space-y-4">
        {posts.map((post) => (
          <li key={post.id}>
            <PostCardView post={demoPostAsPost(post)} shareable={false} />
          </li>
        ))}
      </ul>
    </section>
  );
}
