import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ReactNode, Suspense, useState } from 'react';
import { ASKLINE_MESSAGES } from '../../../shared/values/asklines';
import { DocumentTitle } from '../../components/document-title';
import { Icon } from '../../components/icons/icon';
import { composeButtonClasses } from '../../components/ui/control-classes';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import { paths } from '../../config/paths';
import { asklineQueryOptions } from '../../features/asklines/api/asklines-queries';
import { AsklineCard } from '../../features/asklines/components/askline-card';
import { asklinePostsQueryOptions, hiddenByMutedWords } from '../../features/posts/api/posts-queries';
import { PostList } from '../../features/posts/components/post-list';
import { ApiError } from '../../lib/api-client';
import { lazyPage, usePreloadModule } from '../../lib/lazy-page';
import { useNotFoundStatus } from '../../lib/redirect';
import { Link, useParams } from '../../lib/router';

/** "n posts hidden by your muted words" (issue #48): only members with muted words load it. */
const MUTED_WORDS_LINE = 'features/posts/components/muted-words-line.tsx';
const MutedWordsLine = lazyPage(
  MUTED_WORDS_LINE,
  () => import('../../features/posts/components/muted-words-line').then((m) => m.MutedWordsLine),
  { preload: false },
);

// /askline/{uuid} (SPEC §2 Askline page): the card, 'Explore more asklines', and its posts newest
// first, paged like the feed. Open to visitors; the navbar's Create carries this askline.
export function AsklineRoute() {
  const { uuid = '' } = useParams();
  const askline = useQuery(asklineQueryOptions(uuid));
  // "Show them": the posts the viewer's muted words hide, this once (issue #48).
  const [showMuted, setShowMuted] = useState(false);
  const posts = useInfiniteQuery({
    ...asklinePostsQueryOptions(uuid, showMuted),
    enabled: askline.isSuccess,
  });
  const hidden = hiddenByMutedWords(posts.data);
  usePreloadModule(MUTED_WORDS_LINE, hidden > 0 || showMuted);
  useNotFoundStatus(askline.error instanceof ApiError && askline.error.status === 404);
  const explore = (
    <Link
      to={paths.asklines.getHref()}
      className={composeButtonClasses({ variant: 'secondary', size: 'sm' })}
    >
      <Icon name="arrow-left" className="size-4" />
      Explore more asklines
    </Link>
  );

  if (askline.isPending) {
    return (
      <Page title="Askline">
        <LoadingStatus>Loading...</LoadingStatus>
      </Page>
    );
  }
  if (askline.isError) {
    const missing = askline.error instanceof ApiError && askline.error.status === 404;
    return (
      <Page title={missing ? ASKLINE_MESSAGES.notFound : 'Askline'}>
        {missing ? (
          <div className="flex flex-col items-center py-10 text-center">
            <span className="flex size-14 items-center justify-center rounded-2xl bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              <Icon name="file-question-mark" className="size-7" />
            </span>
            <h1 className="mt-6 text-2xl font-bold tracking-tight">{ASKLINE_MESSAGES.notFound}</h1>
            <div className="mt-6">{explore}</div>
          </div>
        ) : (
          <LoadError
            message="Failed to load the askline. Please try again."
            onRetry={() => void askline.refetch()}
          />
        )}
      </Page>
    );
  }

  return (
    <Page title={askline.data.content}>
      <div className="mb-4">{explore}</div>
      <AsklineCard askline={askline.data} headingLevel="h1" linkToPage={false} />
      <section aria-labelledby="askline-posts-heading" className="mt-10">
        <h2 id="askline-posts-heading" className="text-xl font-semibold tracking-tight">
          Posts
        </h2>
        {hidden > 0 || showMuted ? (
          <Suspense fallback={null}>
            <MutedWordsLine
              className="mt-3"
              hidden={hidden}
              showing={showMuted}
              onToggle={() => setShowMuted((shown) => !shown)}
            />
          </Suspense>
        ) : null}
        <PostList headingLevel={3} list={posts} showAskline={false} empty={ASKLINE_MESSAGES.postsEmpty} />
      </section>
    </Page>
  );
}

function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl px-4 pt-8 pb-20 sm:px-6 sm:pt-10">
      <DocumentTitle title={title} />
      {children}
    </div>
  );
}
