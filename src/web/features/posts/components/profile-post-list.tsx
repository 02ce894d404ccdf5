import { useInfiniteQuery } from '@tanstack/react-query';
import { useSession } from '../../auth';
import { profilePostsQueryOptions } from '../api/posts-queries';
import { PostList } from './post-list';

// The posts under a profile header (SPEC §2): newest first; the owner sees their anonymous posts too
// and may delete their own (with confirmation). The server decides what each viewer gets.
export function ProfilePostList({ username, isOwner }: { username: string; isOwner: boolean }) {
  const { data: session } = useSession();
  const list = useInfiniteQuery({ ...profilePostsQueryOptions(username), enabled: Boolean(session?.user) });

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
      <PostList
        list={list}
        showDelete={isOwner}
        empty={isOwner ? 'You have not posted yet.' : 'No posts yet.'}
      />
    </section>
  );
}
