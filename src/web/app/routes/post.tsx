import { useQuery } from '@tanstack/react-query';
import { type ReactNode, Suspense, useEffect } from 'react';
import { readShareFormat, SHARE_FORMATS, TEMPLATE_LABELS } from '../../../shared/share';
import { POST_MESSAGES } from '../../../shared/values/posts';
import { DocumentTitle } from '../../components/document-title';
import { Icon } from '../../components/icons/icon';
import { composeButtonClasses } from '../../components/ui/control-classes';
import { LoadingStatus } from '../../components/ui/loading-status';
import { OfflineNotice } from '../../components/ui/offline-notice';
import { paths } from '../../config/paths';
import { useSession } from '../../features/auth/api/session-query';
import { postQueryOptions } from '../../features/posts/api/posts-queries';
import { PostCard } from '../../features/posts/components/post-card';
import { postHref } from '../../features/posts/post-links';
import { readImageTheme, ShareFrame, withParam } from '../../features/share/share-frame';
import { ApiError } from '../../lib/api-client';
import { lazyPage, usePreloadModule } from '../../lib/lazy-page';
import { useNotFoundStatus } from '../../lib/redirect';
import { Link, useNavigate, useParams, useSearchParams } from '../../lib/router';

/**
 * Where a post is not found for someone signed in: their own removed post, with its statement of
 * reasons and appeal (issue #47), or else the same not-found. Its own chunk, named for preloading then.
 */
const OWN_REMOVED_POST = 'features/appeals/components/own-removed-post.tsx';
const OwnRemovedPost = lazyPage(
  OWN_REMOVED_POST,
  () => import('../../features/appeals/components/own-removed-post').then((m) => m.OwnRemovedPost),
  { preload: false },
);

/**
 * The post's thread (issue #49): drawn by the server with the page, so it reads without JavaScript; its
 * code comes with the page for members (who reply), after the page for a visitor (who reads).
 */
const THREAD_SECTION = 'features/replies/components/thread-section.tsx';
/** A member's way back, Search and Create (issue #51): drawn by the server for members, as the thread is. */
const PAGE_WAYS = 'app/post-page-ways.tsx';
const PageWays = lazyPage(PAGE_WAYS, () => import('../post-page-ways').then((m) => m.PostPageWays), {
  preload: false,
});
/** The image's colours and the author's "Hide my name" (issue #51): for members, who download it. */
const IMAGE_OPTIONS = 'features/share/components/image-options.tsx';
const ImageOptions = lazyPage(
  IMAGE_OPTIONS,
  () => import('../../features/share/components/image-options').then((m) => m.ImageOptions),
  { preload: false },
);
const ThreadSection = lazyPage(
  THREAD_SECTION,
  () => import('../../features/replies/components/thread-section').then((m) => m.ThreadSection),
  { preload: false },
);

// /{username}/{postId} and /post/{postId} (SPEC §2 Single-post page): open to visitors. The template
// comes from ?format= (other values are ignored) or the buttons, and the frame around the card is what
// the navbar's Download saves (features/share). A named post asked for under another username moves to
// its real address; an anonymous post exists only at /post/{postId}.
export function PostRoute() {
  const { username = null, postId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const format = readShareFormat(params.get('format'));
  const { data: session } = useSession();
  const query = useQuery(postQueryOptions(postId, username));
  const post = query.data;
  const missing = query.error instanceof ApiError && query.error.status === 404;
  useNotFoundStatus(missing);
  const signedIn = Boolean(session?.user) && !session?.demo;
  usePreloadModule(OWN_REMOVED_POST, missing && signedIn);
  usePreloadModule(THREAD_SECTION, signedIn);
  usePreloadModule(PAGE_WAYS, signedIn);
  usePreloadModule(IMAGE_OPTIONS, signedIn);

  useEffect(() => {
    if (!post?.author || username === null) return;
    if (post.author.username !== username.toLowerCase()) navigate(postHref(post, format), { replace: true });
  }, [post, username, format, navigate]);

  if (query.isPending) {
    return (
      <Centered title="Post">
        <OfflineNotice saved={false} />
        <LoadingStatus>Loading post...</LoadingStatus>
      </Centered>
    );
  }
  if (!post) {
    const notFound = (
      <Centered title={missing ? POST_MESSAGES.notFound : 'Something went wrong'}>
        <span className="flex size-14 items-center justify-center rounded-2xl bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          <Icon name="file-question-mark" className="size-7" />
        </span>
        <h1 className="mt-6 text-2xl font-bold tracking-tight">
          {missing ? POST_MESSAGES.notFound : 'Something went wrong'}
        </h1>
        <p className="mt-3 text-slate-700 dark:text-slate-300">{POST_MESSAGES.loadOneFailed}</p>
        <Link to={paths.home.getHref()} className={composeButtonClasses({ className: 'mt-8' })}>
          Back to Home
        </Link>
      </Centered>
    );
    if (!missing || !signedIn) return notFound;
    return (
      <Suspense
        fallback={
          <Centered title="Post">
            <LoadingStatus>Loading post...</LoadingStatus>
          </Centered>
        }
      >
        <OwnRemovedPost postId={postId} fallback={notFound} />
      </Suspense>
    );
  }
  const by = post.author ? `${post.author.fullName} (@${post.author.username})` : 'Anonymous';
  // The image's options ride in the address (?theme=light&hideName=1): the frame shows what Download
  // saves. Only the author of a named post may leave their name out; the card then has no author.
  const nameHideable = post.viewer.isAuthor && post.author !== null;
  const hideName = nameHideable && params.get('hideName') === '1';

  return (
    <div className="mx-auto max-w-2xl px-4 pt-8 pb-20 sm:px-6 sm:pt-10">
      <DocumentTitle title={`Post by ${by}`} />
      <h1 className="sr-only">Post by {by}</h1>
      {signedIn ? (
        <Suspense fallback={<div className="mb-4 h-9" />}>
          <PageWays />
        </Suspense>
      ) : null}
      <OfflineNotice saved />
      <fieldset className="flex flex-wrap items-center justify-center gap-2">
        <legend className="sr-only">Template</legend>
        {SHARE_FORMATS.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={option === format}
            onClick={() =>
              setParams((current) => withParam(current, 'format', option === 'default' ? null : option), {
                replace: true,
              })
            }
            className={composeButtonClasses({
              variant: option === format ? 'primary' : 'secondary',
              size: 'sm',
            })}
          >
            {TEMPLATE_LABELS[option]}
          </button>
        ))}
      </fieldset>
      {signedIn ? (
        <Suspense fallback={<div className="mt-3 h-9" />}>
          <ImageOptions nameHideable={nameHideable} />
        </Suspense>
      ) : null}

      {post.isAnonymous && post.viewer.isAuthor ? (
        <p className="mt-6 flex items-start gap-2 rounded-xl bg-slate-100 px-3.5 py-2.5 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          <Icon name="eye-off" className="mt-0.5 size-4 shrink-0" />
          Your anonymous post: only you see that it's yours. Its link, image and embed show it as Anonymous.
        </p>
      ) : null}
      <div className="mt-6">
        <ShareFrame
          format={format}
          post={post}
          theme={signedIn ? readImageTheme(params.get('theme')) : undefined}
          hideName={hideName}
        >
          <PostCard
            post={hideName ? { ...post, author: null } : post}
            showAuthorNote={false}
            showAskline={format === 'default'}
          />
        </ShareFrame>
      </div>

      <Suspense fallback={null}>
        <ThreadSection postId={post.id} />
      </Suspense>

      {signedIn ? null : (
        <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 text-center dark:border-slate-800 dark:bg-slate-900">
          <p className="text-slate-700 dark:text-slate-300">Sign in to like this post or create your own.</p>
          <Link
            to={{ pathname: paths.home.getHref(), hash: `#${paths.home.signInSectionId}` }}
            className={composeButtonClasses({ className: 'mt-4' })}
          >
            Sign In
          </Link>
        </div>
      )}
    </div>
  );
}

function Centered({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center px-4 py-16 text-center">
      <DocumentTitle title={title} />
      {children}
    </div>
  );
}
