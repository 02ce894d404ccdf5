import { DocumentTitle } from '../../components/document-title';
import { DemoNotice } from '../../features/demo/components/demo-notice';
import { DemoProfileHeader } from '../../features/demo/components/demo-profile-header';
import { type DemoPost, demoPostAsPost, demoPosts, demoProfile } from '../../features/demo/demo-data';
import { PostCardView } from '../../features/posts/components/post-card-view';

// /demo_user (SPEC §2, §3): the built-in demo user's own profile. Rendered from local data only, with no
// fetch and no network images, so it works offline and without a session (SPEC §6: demo is local only).
export function DemoUserRoute() {
  return (
    <div className="mx-auto max-w-2xl px-4 pt-8 pb-20 sm:px-6 sm:pt-12">
      <DocumentTitle title="Demo profile" />
      <DemoNotice />
      <div className="mt-6">
        <DemoProfileHeader profile={demoProfile} posts={demoPosts} />
      </div>
      <DemoPostList posts={demoPosts} />
    </div>
  );
}

// The owner's view of their posts: anonymous ones included (SPEC §2), which is why the note explains
// that the header counts, which skip them, differ from the number of cards.
function DemoPostList({ posts }: { posts: readonly DemoPost[] }) {
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
            <PostCardView post={demoPostAsPost(post)} shareable={false} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}
