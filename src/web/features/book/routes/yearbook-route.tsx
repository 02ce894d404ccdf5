import {
  type InfiniteData,
  type UseInfiniteQueryResult,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { BookPostPage, MyBook } from '../../../../shared/book';
import { BOOK_LIMITS, BOOK_MESSAGES, type BookPaper } from '../../../../shared/values/book';
import { DocumentTitle } from '../../../components/document-title';
import { Icon } from '../../../components/icons/icon';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { FormOutcome } from '../../../components/ui/form-outcome';
import { LoadError } from '../../../components/ui/load-error';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { paths } from '../../../config/paths';
import { failureMessage } from '../../../lib/api-client';
import { LocalDate } from '../../../lib/local-dates';
import { Link } from '../../../lib/router';
import { useSession } from '../../auth';
import { bookPostsQueryOptions, isBeingMade, myBookQueryOptions, useMakeMyBook } from '../api/book-api';
import { BookStatus } from '../components/book-status';
import { PaperChoice } from '../components/paper-choice';

const TITLE = 'My yearbook page';

// /yearbook (issue #52): "My yearbook page" as a PDF. One's profile, photo, campus and class, the
// signatures in one's yearbook and the superlatives one won are always on it; the person chooses up
// to 20 of their named posts, in the order they tick them (the last page's choice ticked again), and
// the paper. "Make my PDF" queues it and the page shows it being made, then Download. Drawn by the
// server with one's latest PDF and the first page of posts (app/page-data.ts); a tap on a box or the
// button before the app is ready is kept and made once it is (decision 022).
export function YearbookRoute() {
  const book = useQuery(myBookQueryOptions);
  const username = useSession().data?.profile?.username;
  return (
    <div className="mx-auto max-w-2xl px-4 pt-8 pb-20 sm:px-6 sm:pt-10">
      <DocumentTitle title={TITLE} />
      {username ? (
        <Link
          to={paths.userProfile.getHref(username)}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
        >
          <Icon name="arrow-left" className="size-4" />
          Your profile
        </Link>
      ) : null}
      <h1 className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">{TITLE}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Your page of the yearbook as a PDF to keep or print: your profile and photo, campus and class, the
        signatures in your yearbook, the superlatives you won, and up to {BOOK_LIMITS.posts} of your posts.
      </p>
      {book.data ? (
        <YearbookForm book={book.data} />
      ) : book.isError ? (
        <LoadError
          className="mt-6"
          message={failureMessage(book.error, BOOK_MESSAGES.signedOut)}
          onRetry={() => void book.refetch()}
        />
      ) : (
        <LoadingStatus className="mt-6">Loading your yearbook page...</LoadingStatus>
      )}
    </div>
  );
}

function YearbookForm({ book }: { book: MyBook }) {
  const posts = useInfiniteQuery(bookPostsQueryOptions);
  const make = useMakeMyBook();
  const [chosen, setChosen] = useState<string[]>(book.chosenPostIds.slice(0, BOOK_LIMITS.posts));
  const [paper, setPaper] = useState<BookPaper>(book.latest?.paper ?? 'A4');
  const [problem, setProblem] = useState<string | null>(null);
  const statusId = useId();
  const latest = book.latest;
  const busy = make.isPending || isBeingMade(latest);

  function choose(id: string, on: boolean) {
    setProblem(null);
    setChosen((now) => (on ? (now.includes(id) ? now : [...now, id]) : now.filter((one) => one !== id)));
  }

  function makeIt(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    setProblem(null);
    // With every post listed, a choice kept from the last PDF whose post has gone since is let go.
    const listed = posts.data && !posts.hasNextPage ? listedIds(posts.data) : null;
    const postIds = listed ? chosen.filter((id) => listed.has(id)) : chosen;
    if (postIds.length !== chosen.length) setChosen(postIds);
    make.mutate(
      { paper, postIds },
      {
        onSuccess: () => requestAnimationFrame(() => document.getElementById(statusId)?.focus()),
        onError: (error) => setProblem(failureMessage(error, BOOK_MESSAGES.signedOut)),
      },
    );
  }

  return (
    <>
      {latest ? (
        <div id={statusId} tabIndex={-1} className="outline-none">
          <BookStatus
            job={latest}
            title="your yearbook page"
            onRetry={() => makeIt()}
            retryPending={make.isPending}
          />
        </div>
      ) : (
        <div id={statusId} tabIndex={-1} />
      )}
      <form onSubmit={makeIt} aria-label="Make your PDF" className="mt-8">
        <PostChooser posts={posts} chosen={chosen} onChoose={choose} />
        <PaperChoice value={paper} onChange={setPaper} />
        <FormOutcome outcome={problem ? { tone: 'error', text: problem } : null} className="mt-6" />
        <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2">
          <button type="submit" disabled={busy} className={composeButtonClasses({ size: 'lg' })}>
            <Icon name="book-open" className="size-5" />
            {make.isPending ? 'Asking...' : 'Make my PDF'}
          </button>
          {isBeingMade(latest) ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Your PDF is being made: you can make another once it is done.
            </p>
          ) : null}
        </div>
      </form>
    </>
  );
}

function listedIds(data: InfiniteData<BookPostPage>): Set<string> {
  return new Set(data.pages.flatMap((page) => page.posts.map((post) => post.id)));
}

/** One's named posts as boxes to tick, a page at a time, with how many are chosen of the 20. */
function PostChooser({
  posts,
  chosen,
  onChoose,
}: {
  posts: UseInfiniteQueryResult<InfiniteData<BookPostPage>>;
  chosen: string[];
  onChoose: (id: string, on: boolean) => void;
}) {
  const counterId = useId();
  const full = chosen.length >= BOOK_LIMITS.posts;
  const listed = posts.data?.pages.flatMap((page) => page.posts) ?? [];
  return (
    <fieldset aria-describedby={counterId}>
      <legend className="text-lg font-semibold text-slate-900 dark:text-white">Your posts</legend>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Choose up to {BOOK_LIMITS.posts} of your named posts. They are printed in the order you choose them;
        anonymous posts never go on your page.
      </p>
      <p
        id={counterId}
        aria-live="polite"
        className="sticky top-18 z-10 mt-3 inline-block rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-900 tabular-nums dark:bg-brand-950 dark:text-brand-100"
      >
        {`${chosen.length} of ${BOOK_LIMITS.posts} chosen${full ? ': untick one to choose another' : ''}`}
      </p>
      {posts.isPending ? (
        <LoadingStatus className="mt-4">Loading your posts...</LoadingStatus>
      ) : posts.isError && listed.length === 0 ? (
        <LoadError
          className="mt-4"
          message={failureMessage(posts.error, BOOK_MESSAGES.signedOut)}
          onRetry={() => void posts.refetch()}
        />
      ) : listed.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-dashed border-slate-300 p-5 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          You have no named posts yet. Your page will hold your profile, your signatures and your
          superlatives.
        </p>
      ) : (
        <>
          <ul className="mt-4 space-y-2">
            {listed.map((post) => {
              const at = chosen.indexOf(post.id);
              return (
                <li key={post.id}>
                  <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 bg-white p-3 has-checked:border-brand-600 has-checked:bg-brand-50 has-disabled:cursor-not-allowed has-disabled:opacity-60 dark:border-slate-800 dark:bg-slate-900 dark:has-checked:border-brand-400 dark:has-checked:bg-brand-950">
                    <input
                      type="checkbox"
                      name="postIds"
                      value={post.id}
                      checked={at >= 0}
                      disabled={at < 0 && full}
                      onChange={(event) => onChoose(post.id, event.target.checked)}
                      className="mt-1 size-4 shrink-0 accent-brand-600"
                    />
                    <span className="min-w-0 flex-1">
                      <span className="line-clamp-3 break-words whitespace-pre-line text-slate-900 dark:text-slate-100">
                        {post.content}
                      </span>
                      <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">
                        <LocalDate isoDate={post.createdAt} /> ·{' '}
                        {post.likeCount === 1 ? '1 like' : `${post.likeCount} likes`}
                      </span>
                    </span>
                    {at >= 0 ? (
                      <span
                        aria-hidden="true"
                        className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs font-bold text-white tabular-nums"
                      >
                        {at + 1}
                      </span>
                    ) : null}
                  </label>
                </li>
              );
            })}
          </ul>
          {posts.isFetchNextPageError ? (
            <p role="alert" className="mt-3 text-sm font-medium text-red-700 dark:text-red-300">
              {failureMessage(posts.error, BOOK_MESSAGES.signedOut)}
            </p>
          ) : null}
          <LoadMoreButton list={posts} label="Show more posts" className="mt-4" />
        </>
      )}
    </fieldset>
  );
}
