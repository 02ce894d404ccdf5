import { type ReactNode, useId } from 'react';
import type { Post } from '../../../../shared/posts';
import { Avatar } from '../../../components/avatar';
import { Icon } from '../../../components/icons/icon';
import { LinkifiedText } from '../../../components/linkified-text';
import { MenuButton, type MenuItem } from '../../../components/ui/menu-button';
import { paths } from '../../../config/paths';
import { LocalDate, useLocalDate } from '../../../lib/local-dates';
import { OMIT_FROM_IMAGE } from '../../../lib/omit-from-image';
import { Link } from '../../../lib/router';
import { useTransientState } from '../../../lib/use-transient-state';
import { POST_FORMATS, postHref } from '../post-links';

const ANONYMOUS = 'Anonymous';
export const DISLIKE_FEEDBACK_MS = 1_000;
/** The card's small buttons (like, share, delete, more options, and staff's controls: CardIconButton). */
const cardButtonClasses =
  'inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60 dark:text-slate-200 dark:hover:bg-slate-800';

/** One of the card's small buttons, often an icon alone: its name is read out and shown on hover. */
export function CardIconButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className={cardButtonClasses}
      aria-label={label}
      title={label}
    >
      {children}
    </button>
  );
}

/** How long ago, linking to the post; the date and time on a hover (title) or a keyboard's focus. */
function PostTime({ post }: { post: Post }) {
  const date = useLocalDate(post.createdAt, 'timeAgo');
  const exact = useLocalDate(post.createdAt, 'exact');
  return (
    <Link
      to={postHref(post)}
      title={exact}
      className="group text-sm text-slate-600 hover:underline dark:text-slate-400"
    >
      <time dateTime={post.createdAt}>{date}</time>
      <span className="hidden group-focus-visible:inline"> · {exact}</span>
    </Link>
  );
}

export interface PostCardViewProps {
  post: Post;
  /** Toggles the like; absent when signed out (or demo): the button is disabled with 'Sign in to like'. */
  onToggleLike?: () => void;
  likePending?: boolean;
  /** Offered on the owner's posts on the profile page (SPEC §2); absent elsewhere. */
  onDelete?: () => void;
  deletePending?: boolean;
  /** False for the demo's built-in posts: they have no page on the server to share. */
  shareable?: boolean;
  /** Copies the post's address (the share menu's first item); absent where nothing can be copied. */
  onCopyLink?: () => void;
  /** Opens the phone's share sheet with the post's link (issue #51); absent where there is none. */
  onShare?: () => void;
  /**
   * The "only you see it's yours" note on the author's own anonymous post. The single-post page says
   * it above the card instead, so the note never ends up in a shared image.
   */
  showAuthorNote?: boolean;
  /** False on the askline's own page, where every card answers the same askline. */
  showAskline?: boolean;
  /** Offers Report in the more-options menu (SPEC §2: not on your own posts, not for admins). */
  onReport?: () => void;
  /** Dislike's second act, after its 1 s state (issue #48): hides the post for a member. */
  onDislike?: () => void;
  /** More of the more-options menu, before Report: Mute and Block (issue #48). */
  moreItems?: MenuItem[];
  /** A short state shown on the card ('Reported!', 'Failed to report', ...), cleared by the caller. */
  feedback?: string | null;
  /** Staff controls (report badge, resolve/unresolve), placed before the delete button. */
  moderation?: ReactNode;
  /** What the card says above the post, inside it (the reports page: the post's reports). */
  header?: ReactNode;
  /** The card's (screen-reader) heading: 2 under the page's h1, 3 where a section's h2 comes first. */
  headingLevel?: 2 | 3;
}

// SPEC §2 Post card: author (or Anonymous with the 'A' avatar and no link), text with links and
// mentions, date, like, share formats, more options. Everything users wrote is text, never HTML.
// This is the card alone, with no server calls: PostCard connects it; the demo shows it as it is.
export function PostCardView({
  post,
  onToggleLike,
  likePending = false,
  onDelete,
  deletePending = false,
  shareable = true,
  onCopyLink,
  onShare,
  showAuthorNote = true,
  showAskline = true,
  onReport,
  onDislike,
  moreItems = [],
  feedback = null,
  moderation,
  header,
  headingLevel = 2,
}: PostCardViewProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const headingId = useId();
  const likeHintId = useId();
  const [disliked, setDisliked] = useTransientState(false, DISLIKE_FEEDBACK_MS);
  const author = post.author;
  const name = author?.fullName ?? ANONYMOUS;
  const canLike = Boolean(onToggleLike);

  const likeLabel = `${post.likedByMe ? 'Unlike' : 'Like'}, ${post.likeCount === 1 ? '1 like' : `${post.likeCount} likes`}`;

  return (
    <article
      aria-labelledby={headingId}
      data-post-id={post.id}
      className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <Heading id={headingId} className="sr-only">
        {post.isAnonymous && post.viewer.isAuthor ? 'Your anonymous post, ' : `Post by ${name}, `}
        <LocalDate isoDate={post.createdAt} kind="timeAgo" />
      </Heading>
      {header}
      {showAuthorNote && post.isAnonymous && post.viewer.isAuthor ? (
        <p className="mb-3 inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          <Icon name="eye-off" className="size-3.5 shrink-0" />
          Anonymous · only you see it's yours
        </p>
      ) : null}

      <div className="flex items-center gap-3">
        <Avatar name={name} src={author?.profilePictureUrl} tone={author ? 'brand' : 'neutral'} />
        <div className="min-w-0 flex-1">
          {author ? (
            <Link
              to={paths.userProfile.getHref(author.username)}
              className="block break-words font-semibold text-slate-900 hover:underline dark:text-white"
            >
              {/* A long name wraps, and the handle moves to the next line whole: never cut off. */}
              {author.fullName}{' '}
              <span className="inline-block font-normal text-slate-600 dark:text-slate-400">
                @{author.username}
              </span>
            </Link>
          ) : (
            <p className="font-semibold text-slate-900 dark:text-white">{ANONYMOUS}</p>
          )}
          <PostTime post={post} />
        </div>
      </div>

      {showAskline && post.askline ? (
        <Link
          to={paths.askline.getHref(post.askline.id)}
          className="mt-3 flex items-start gap-1.5 rounded-lg bg-slate-50 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:bg-slate-800/60 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          <Icon name="message-square-quote" className="mt-0.5 size-4 shrink-0" />
          <span>
            <span className="sr-only">Answering the askline: </span>
            {post.askline.content}
          </span>
        </Link>
      ) : null}
      <p className="mt-3 text-base leading-7 text-slate-800 dark:text-slate-100">
        <LinkifiedText text={post.content} />
      </p>

      <div className="mt-4 flex flex-wrap items-center gap-1">
        <button
          type="button"
          onClick={onToggleLike}
          // Not disabled while a like is on its way (the count has already changed, and a disabled
          // button would drop the keyboard focus): a press then waits (PostCard).
          disabled={!canLike}
          aria-busy={likePending || undefined}
          aria-pressed={post.likedByMe}
          aria-label={likeLabel}
          aria-describedby={canLike ? undefined : likeHintId}
          title={canLike ? undefined : 'Sign in to like'}
          className={`${cardButtonClasses} ${post.likedByMe ? 'text-rose-700 dark:text-rose-300' : ''}`}
        >
          <Icon name="heart" className={`size-5 ${post.likedByMe ? 'fill-current' : ''}`} />
          <span className="tabular-nums">{post.likeCount}</span>
        </button>
        {canLike ? null : (
          <span id={likeHintId} className="sr-only">
            Sign in to like
          </span>
        )}

        {shareable ? (
          // Its replies (issue #49), the thread on the post's page; then Copy link, or the post's page
          // in a template to copy, embed or download it there.
          <div className="flex items-center gap-1" {...OMIT_FROM_IMAGE}>
            <Link to={`${postHref(post)}#replies`} title="Replies" className={cardButtonClasses}>
              <Icon name="message-circle" className="size-5" />
              <span className="tabular-nums">
                {post.replyCount}
                <span className="sr-only"> replies</span>
              </span>
            </Link>
            <MenuButton
              label="Share"
              buttonContent={<Icon name="share-2" className="size-5" />}
              buttonClassName={cardButtonClasses}
              align="left"
              items={[
                ...(onShare
                  ? [
                      {
                        key: 'share',
                        label: 'Share via…',
                        icon: <Icon name="share-2" className="size-4" />,
                        onSelect: onShare,
                      },
                    ]
                  : []),
                ...(onCopyLink
                  ? [
                      {
                        key: 'copy',
                        label: 'Copy link',
                        icon: <Icon name="link-2" className="size-4" />,
                        onSelect: onCopyLink,
                      },
                    ]
                  : []),
                ...POST_FORMATS.map(({ format, label }) => ({
                  key: format,
                  label,
                  href: postHref(post, format),
                })),
              ]}
              renderLink={(item, close, className) => (
                <Link to={item.href ?? '#'} onClick={close} className={className}>
                  {item.label}
                </Link>
              )}
            />
          </div>
        ) : null}

        <div className="ml-auto flex flex-wrap items-center justify-end gap-1" {...OMIT_FROM_IMAGE}>
          {/* One live region for the card's short states (Dislike's 1 s, a report's 2 s). */}
          <span role="status" className="text-sm font-medium text-slate-600 dark:text-slate-300">
            {feedback ?? (disliked ? 'Disliked' : '')}
          </span>
          {moderation}
          {onDelete ? (
            <CardIconButton label="Delete post" onClick={onDelete} disabled={deletePending}>
              <Icon name="trash" className="size-5" />
              {/* Beside staff's labelled controls, labelled too. */}
              {moderation ? 'Delete' : null}
            </CardIconButton>
          ) : null}
          <MenuButton
            label="More options"
            buttonContent={<Icon name="ellipsis" className="size-5" />}
            buttonClassName={cardButtonClasses}
            items={[
              {
                key: 'dislike',
                label: 'Dislike',
                icon: <Icon name="thumbs-down" className="size-4" />,
                onSelect: () => {
                  setDisliked(true);
                  onDislike?.();
                },
              },
              ...moreItems,
              ...(onReport
                ? [
                    {
                      key: 'report',
                      label: 'Report',
                      icon: <Icon name="flag" className="size-4" />,
                      onSelect: onReport,
                    },
                  ]
                : []),
            ]}
          />
        </div>
      </div>
    </article>
  );
}
