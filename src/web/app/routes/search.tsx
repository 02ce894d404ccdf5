import { type InfiniteData, type UseInfiniteQueryResult, useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId } from 'react';
import type { PostSearchPage, SearchCount, UserSearchPage } from '../../../shared/search';
import {
  describeCount,
  SEARCH_MESSAGES,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_TYPE_LABELS,
  SEARCH_TYPES,
  type SearchType,
} from '../../../shared/values/search';
import { Avatar } from '../../components/avatar';
import { DocumentTitle } from '../../components/document-title';
import { Icon } from '../../components/icons/icon';
import { composeButtonClasses } from '../../components/ui/control-classes';
import { LoadMoreButton } from '../../components/ui/load-more-button';
import { LoadingStatus } from '../../components/ui/loading-status';
import { inputClasses } from '../../components/ui/text-field';
import { paths } from '../../config/paths';
import { PostCard } from '../../features/posts/components/post-card';
import { postSearchQueryOptions, userSearchQueryOptions } from '../../features/search/api/search-api';
import { ReplyResult } from '../../features/search/components/reply-result';
import { Link, useSearchParams } from '../../lib/router';
import { useForm } from '../../lib/use-form';
import { AsklineOfTheDay } from '../askline-of-the-day';
import { readSearch } from '../route-params';

// /search (SPEC §2): a text box, All / Users / Posts, and Search ('Searching...'). A blank query does
// nothing. The query lives in the address (?q=&type=), so results can be shared and survive a reload.
export function SearchRoute() {
  const [params, setParams] = useSearchParams();
  const { query, type, wantUsers, wantPosts } = readSearch(params);
  const form = useForm<{ text: string; choice: SearchType }>({ initial: { text: query, choice: type } });
  const { error: _none, ...text } = form.field('text');
  const inputId = useId();

  // Back and forward move through searches: the form follows the address.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is what moves it; reset only sets state.
  useEffect(() => {
    form.reset({ text: query, choice: type });
  }, [query, type]);

  const users = useInfiniteQuery({ ...userSearchQueryOptions(query), enabled: wantUsers });
  const posts = useInfiniteQuery({ ...postSearchQueryOptions(query), enabled: wantPosts });
  const searching =
    (wantUsers && users.isFetching && !users.isFetchingNextPage) ||
    (wantPosts && posts.isFetching && !posts.isFetchingNextPage);

  const submit = form.handleSubmit(({ text: typed, choice }) => {
    const trimmed = typed.trim();
    // SPEC §5: a blank query is ignored.
    if (!trimmed) return;
    setParams(choice === 'all' ? { q: trimmed } : { q: trimmed, type: choice });
  });

  return (
    <div className="mx-auto max-w-2xl px-4 pt-8 pb-20 sm:px-6 sm:pt-10">
      <DocumentTitle title={query ? `Search: ${query}` : 'Search'} />
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Search</h1>
      <search>
        <form
          onSubmit={(event) => void submit(event)}
          aria-label="Search users and posts"
          className="mt-6 space-y-3"
        >
          <div className="flex gap-2">
            <label htmlFor={inputId} className="sr-only">
              Search users and posts
            </label>
            <input
              id={inputId}
              type="search"
              {...text}
              maxLength={SEARCH_QUERY_MAX_LENGTH}
              placeholder="Search users and posts"
              className={`${inputClasses} min-w-0 flex-1`}
            />
            <button type="submit" disabled={searching} className={composeButtonClasses()}>
              <Icon name="search" className="size-4" />
              {searching ? 'Searching...' : 'Search'}
            </button>
          </div>
          <fieldset className="flex flex-wrap gap-4">
            <legend className="sr-only">Search in</legend>
            {SEARCH_TYPES.map((option) => (
              <label
                key={option}
                className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium"
              >
                <input
                  type="radio"
                  name="type"
                  value={option}
                  checked={form.values.choice === option}
                  onChange={() => form.setValue('choice', option)}
                  className="size-4 accent-brand-600"
                />
                {SEARCH_TYPE_LABELS[option]}
              </label>
            ))}
          </fieldset>
        </form>
      </search>

      {wantUsers ? <UserResults list={users} /> : null}
      {wantPosts ? <PostResults query={query} list={posts} /> : null}
    </div>
  );
}

/** One kind of result: its heading with the count, then searching, the error, the empty text or the list. */
function ResultSection<Page extends { total: SearchCount | null }>({
  id,
  title,
  list,
  count,
  empty,
  moreLabel,
  children,
}: {
  id: string;
  title: string;
  list: UseInfiniteQueryResult<InfiniteData<Page>>;
  count: number;
  empty: string;
  moreLabel?: string;
  children: ReactNode;
}) {
  const total = list.data?.pages[0]?.total;
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-lg font-semibold tracking-tight">
        {title}
        {total ? ` (${describeCount(total)})` : ''}
      </h2>
      {list.isPending ? (
        <LoadingStatus className="mt-3">Searching...</LoadingStatus>
      ) : list.isError ? (
        <p role="alert" className="mt-3 font-medium text-red-700 dark:text-red-300">
          {SEARCH_MESSAGES.failed}
        </p>
      ) : count === 0 ? (
        <p className="mt-3 text-slate-600 dark:text-slate-300">{empty}</p>
      ) : (
        children
      )}
      <LoadMoreButton list={list} label={moreLabel} className="mt-4" />
    </section>
  );
}

function UserResults({ list }: { list: UseInfiniteQueryResult<InfiniteData<UserSearchPage>> }) {
  const users = list.data?.pages.flatMap((page) => page.users) ?? [];
  return (
    <ResultSection
      id="user-results"
      title="Users"
      list={list}
      count={users.length}
      empty={SEARCH_MESSAGES.noUsers}
      moreLabel="More users"
    >
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {users.map((user) => (
          <li key={user.username}>
            <Link
              to={paths.userProfile.getHref(user.username)}
              className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-3 hover:border-brand-300 hover:bg-brand-50/40 dark:border-slate-800 dark:bg-slate-900 dark:hover:bg-slate-800"
            >
              <Avatar name={user.fullName} src={user.profilePictureUrl} />
              <span className="min-w-0">
                <span className="block truncate font-semibold text-slate-900 dark:text-white">
                  {user.fullName}
                </span>
                <span className="block truncate text-sm text-slate-600 dark:text-slate-400">
                  @{user.username}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </ResultSection>
  );
}

function PostResults({
  query,
  list,
}: {
  query: string;
  list: UseInfiniteQueryResult<InfiniteData<PostSearchPage>>;
}) {
  const posts = list.data?.pages.flatMap((page) => page.posts) ?? [];
  return (
    <>
      <ResultSection
        id="post-results"
        title="Posts"
        list={list}
        count={posts.length}
        empty={SEARCH_MESSAGES.noPosts(query)}
      >
        <ul className="mt-3 space-y-4">
          {posts.map((post) => (
            <li key={post.id}>
              {/* A reply (issue #49) is marked as one and leads to its thread; it is acted on there. */}
              {post.thread ? (
                <ReplyResult reply={post} thread={post.thread} />
              ) : (
                <PostCard post={post} headingLevel={3} />
              )}
            </li>
          ))}
        </ul>
      </ResultSection>
      {/* Nothing found: something to answer instead (issue #51). */}
      {list.data && posts.length === 0 ? <AsklineOfTheDay className="mt-4" /> : null}
    </>
  );
}
