import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { PostPage } from '../../../../shared/posts';
import { POST_MESSAGES } from '../../../../shared/values/posts';
import { LoadError } from '../../../components/ui/load-error';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { PostCard } from './post-card';

// A paged list of post cards (a profile's posts, an askline's answers): loading, a failure with Try
// Again, the empty text, the cards and Explore More for the next page.
export function PostList({
  list,
  empty,
  showDelete = false,
  showAskline = true,
  headingLevel,
}: {
  list: UseInfiniteQueryResult<InfiniteData<PostPage>>;
  empty: ReactNode;
  showDelete?: boolean;
  showAskline?: boolean;
  /** 3 where the page puts a section heading above the list. */
  headingLevel?: 2 | 3;
}) {
  const posts = list.data?.pages.flatMap((page) => page.posts) ?? [];
  return (
    <>
      {list.isPending ? (
        <LoadingStatus className="mt-5">Loading posts...</LoadingStatus>
      ) : list.isError && posts.length === 0 ? (
        <LoadError className="mt-5" message={POST_MESSAGES.loadFailed} onRetry={() => void list.refetch()} />
      ) : posts.length === 0 ? (
        <p className="mt-5 text-slate-600 dark:text-slate-300">{empty}</p>
      ) : (
        <ul className="mt-5 space-y-4">
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard
                post={post}
                showDelete={showDelete}
                showAskline={showAskline}
                headingLevel={headingLevel}
              />
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton list={list} />
    </>
  );
}
