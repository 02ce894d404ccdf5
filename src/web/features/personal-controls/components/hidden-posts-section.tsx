import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import type { HiddenPostsPage, HideReason } from '../../../../shared/personal-controls';
import { postPagePath } from '../../../../shared/share-links';
import { Avatar } from '../../../components/avatar';
import { LinkifiedText } from '../../../components/linkified-text';
import { composeButtonClasses, textLinkClasses } from '../../../components/ui/control-classes';
import { FormOutcome, type FormOutcomeState } from '../../../components/ui/form-outcome';
import { LoadError } from '../../../components/ui/load-error';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { paths } from '../../../config/paths';
import { LocalDate } from '../../../lib/local-dates';
import { Link } from '../../../lib/router';
import { hiddenPostsQueryOptions, useUnhidePost } from '../api/controls-api';
import { ControlsSection, emptyClasses, listClasses } from './controls-section';

type HiddenPost = HiddenPostsPage['hidden'][number];

const REASONS: Record<HideReason, string> = {
  not_for_me: 'You chose “Not for me”',
  muted_author: 'You muted its anonymous author: this post alone',
};

/** How many characters of a post name its Undo button to a screen reader. */
const NAMED_BY = 40;

/** The posts the viewer hid, newest first, each with Undo. A compact view: the post, not its actions. */
export function HiddenPostsSection() {
  const hidden = useInfiniteQuery(hiddenPostsQueryOptions);
  const [outcome, setOutcome] = useState<FormOutcomeState>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const list = hidden.data?.pages.flatMap((page) => page.hidden) ?? [];

  return (
    <ControlsSection
      title="Hidden posts"
      headingRef={headingRef}
      used={null}
      description={
        <p>
          Posts you marked “Not for me”, and anonymous posts whose author you muted. They stay out of your
          feed, askline pages and search, and still open from a link. Anonymous authors can't be muted as a
          person: that would show which posts they wrote, so only the post you chose is hidden.
        </p>
      }
    >
      <FormOutcome outcome={outcome} look="line" className="mt-2 min-h-5 text-sm" />
      {hidden.isPending ? (
        <LoadingStatus className="mt-3">Loading your hidden posts...</LoadingStatus>
      ) : hidden.isError ? (
        <LoadError
          className="mt-3"
          message="Could not load your hidden posts."
          onRetry={() => void hidden.refetch()}
        />
      ) : list.length === 0 ? (
        <p className={emptyClasses}>You haven't hidden any posts.</p>
      ) : (
        <ul aria-label="Hidden posts" className={listClasses}>
          {list.map((item) => (
            <HiddenPostRow
              key={item.post.id}
              item={item}
              onOutcome={setOutcome}
              onGone={() => headingRef.current?.focus()}
            />
          ))}
        </ul>
      )}
      <LoadMoreButton list={hidden} label="More" className="mt-4" />
    </ControlsSection>
  );
}

function HiddenPostRow({
  item,
  onOutcome,
  onGone,
}: {
  item: HiddenPost;
  onOutcome: (outcome: FormOutcomeState) => void;
  onGone: () => void;
}) {
  const { post } = item;
  const unhide = useUnhidePost();
  const textId = useId();
  const author = post.author;
  const name = author ? author.fullName || author.username : 'Anonymous';
  const snippet = post.content.length > NAMED_BY ? `${post.content.slice(0, NAMED_BY)}…` : post.content;

  return (
    <li className="p-3 sm:p-4">
      <article aria-describedby={textId} className="flex flex-col gap-2">
        <div className="flex min-w-0 items-center gap-3">
          <Avatar
            name={name}
            src={author?.profilePictureUrl ?? null}
            size="sm"
            tone={author ? 'brand' : 'neutral'}
          />
          <div className="min-w-0 text-sm">
            {author ? (
              <Link
                to={paths.userProfile.getHref(author.username)}
                className="block truncate rounded font-semibold text-slate-900 hover:underline dark:text-white"
              >
                {name}{' '}
                <span className="font-normal text-slate-600 dark:text-slate-400">@{author.username}</span>
              </Link>
            ) : (
              <p className="font-semibold text-slate-900 dark:text-white">Anonymous</p>
            )}
            <p className="text-slate-600 dark:text-slate-400">
              <Link to={postPagePath(post)} className={textLinkClasses}>
                <LocalDate isoDate={post.createdAt} />
              </Link>
              {post.askline ? <> · answering “{post.askline.content}”</> : null}
            </p>
          </div>
        </div>
        <p id={textId} className="line-clamp-4 text-slate-900 dark:text-slate-100">
          <LinkifiedText text={post.content} />
        </p>
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {REASONS[item.reason]} · <LocalDate isoDate={item.hiddenAt} />
          </p>
          <button
            type="button"
            onClick={() =>
              unhide.mutate(post.id, {
                onSuccess: () => {
                  onOutcome({ tone: 'ok', text: 'The post is back in your feed.' });
                  onGone();
                },
                onError: (error) => onOutcome({ tone: 'error', text: error.message }),
              })
            }
            disabled={unhide.isPending}
            aria-label={`Undo: show “${snippet}” again`}
            className={composeButtonClasses({ variant: 'secondary', size: 'sm' })}
          >
            {unhide.isPending ? 'Showing...' : 'Undo'}
          </button>
        </div>
      </article>
    </li>
  );
}
