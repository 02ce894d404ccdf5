import { useInfiniteQuery } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { POST_MESSAGES } from '../../../../shared/posts';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { LoadError } from '../../../components/ui/load-error';
import { useSession } from '../../auth/api/session-query';
import { profilePostsQueryOptions } from '../api/posts-api';
import { PostCard } from './post-card';

// The posts under a profile header (SPEC §2): newest first; the owner sees their anonymous posts too
// and may delete their own (with confirmation). The server decides what each viewer gets.
export function ProfilePostList({ username, isOwner }: { username: string; isOwner: boolean }) {
  const { data: session } = useSession();
  const list = useInfiniteQuery({ ...profilePostsQueryOptions(username), enabled: Boolean(session?.user) });
  const posts = list.data?.pages.flatMap((page) => page.posts) ?? [];

  return (
    <section aria-labelledby="profile-posts-heading" className="mt-10">
      <h2
        id="profile-posts-heading"
        className="text-xl font-semibold tracking-tight text-slate-900 dark:text-white"
      >
        Posts
      </h2>
      {isOwner ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Your anonymous posts are listed here for you alone; they are left out of the counts above.
        </p>
      ) : null}
      {list.isPending ? (
        <p role="status" className="mt-5 flex items-center gap-2 text-slate-600 dark:text-slate-300">
          <Loader2 className="size-5 animate-spin motion-reduce:animate-none" aria-hidden="true" />
          Loading posts...
        </p>
      ) : list.isError && posts.length === 0 ? (
        <LoadError className="mt-5" message={POST_MESSAGES.loadFailed} onRetry={() => void list.refetch()} />
      ) : posts.length === 0 ? (
        <p className="mt-5 text-slate-600 dark:text-slate-300">
          {isOwner ? 'You have not posted yet.' : 'No posts yet.'}
        </p>
      ) : (
        <ul className="mt-5 space-y-4">
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} canLike showDelete={isOwner} />
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage ? (
        <button
          type="button"
          onClick={() => void list.fetchNextPage()}
          disabled={list.isFetchingNextPage}
          className={composeButtonClasses({ variant: 'secondary', className: 'mt-6 w-full' })}
        >
          {list.isFetchingNextPage ? 'Loading...' : 'Explore More'}
        </button>
      ) : null}
    </section>
  );
}
