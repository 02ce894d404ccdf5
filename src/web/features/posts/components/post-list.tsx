import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { POST_MESSAGES, type PostPage } from '../../../../shared/posts';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { LoadError } from '../../../components/ui/load-error';
import { PostCard } from './post-card';

// A paged list of post cards (a profile's posts, an askline's answers): loading, a failure with Try
// Again, the empty text, the cards and Explore More for the next page.
export function PostList({
  list,
  empty,
  canLike,
  showDelete = false,
  showAskline = true,
}: {
  list: UseInfiniteQueryResult<InfiniteData<PostPage>>;
  empty: ReactNode;
  canLike: boolean;
  showDelete?: boolean;
  showAskline?: boolean;
}) {
  const posts = list.data?.pages.flatMap((page) => page.posts) ?? [];
  return (
    <>
      {list.isPending ? (
        <p role="status" className="mt-5 flex items-center gap-2 text-slate-600 dark:text-slate-300">
          <Loader2 className="size-5 animate-spin motion-reduce:animate-none" aria-hidden="true" />
          Loading posts...
        </p>
      ) : list.isError && posts.length === 0 ? (
        <LoadError className="mt-5" message={POST_MESSAGES.loadFailed} onRetry={() => void list.refetch()} />
      ) : posts.length === 0 ? (
        <p className="mt-5 text-slate-600 dark:text-slate-300">{empty}</p>
      ) : (
        <ul className="mt-5 space-y-4">
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} canLike={canLike} showDelete={showDelete} showAskline={showAskline} />
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
    </>
  );
}
