import { EyeOff, Heart } from 'lucide-react';
import { useId } from 'react';
import { Avatar } from '../../../components/avatar';
import { formatShortDate } from '../../../lib/format-short-date';
import type { DemoPost } from '../demo-data';

const ANONYMOUS_NAME = 'Anonymous';

function describeLikes(count: number): string {
  return count === 1 ? '1 like' : `${count} likes`;
}

// A read-only post card (SPEC §2 Post card) for the demo profile. Share and more-options menus are left
// out and the like button is disabled: each of them needs a signed-in account, which the demo never has.
export function DemoPostCard({ post }: { post: DemoPost }) {
  const headingId = useId();
  const likeHintId = useId();
  const date = formatShortDate(post.created_at);
  // Anonymous posts never show their author (SPEC §2, §6), even here where the viewer wrote them.
  const authorName = post.is_anonymous ? ANONYMOUS_NAME : post.full_name;

  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      {/* The visible author line is not a heading; this one gives screen-reader users a per-post landmark
          to jump between, with the facts that tell posts apart. */}
      <h3 id={headingId} className="sr-only">
        {post.is_anonymous ? `Your anonymous post, ${date}` : `Post by ${authorName}, ${date}`}
      </h3>

      {post.is_anonymous ? (
        // The owner is the only one who ever sees this post on a profile; say so, so the card's
        // "Anonymous" author is not read as someone else's post.
        <p className="mb-3 inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          <EyeOff className="size-3.5 shrink-0" aria-hidden="true" />
          Anonymous · only you see it's yours
        </p>
      ) : null}

      <div className="flex items-center gap-3">
        <Avatar name={authorName} tone={post.is_anonymous ? 'neutral' : 'brand'} />
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900 dark:text-white">{authorName}</p>
          {post.is_anonymous ? null : (
            <p className="truncate text-sm text-slate-600 dark:text-slate-400">@{post.username}</p>
          )}
        </div>
      </div>

      <p className="mt-3 leading-7 break-words whitespace-pre-line text-slate-800 dark:text-slate-200">
        {post.content}
      </p>

      <div className="mt-4 flex items-center justify-between gap-3 border-t border-slate-100 pt-3 dark:border-slate-800">
        <time dateTime={post.created_at} className="text-sm text-slate-600 dark:text-slate-400">
          {date}
        </time>
        {/* Disabled rather than hidden so the count still shows; not dimmed with opacity, so the count
            keeps its contrast. The title is the hover tooltip; the hidden hint carries the same words to
            screen readers. */}
        <button
          type="button"
          disabled
          title="Sign in to like"
          aria-label={`Like, ${describeLikes(post.like_count)}`}
          aria-describedby={likeHintId}
          className="inline-flex h-9 cursor-not-allowed items-center gap-1.5 rounded-full px-3 text-sm font-medium text-slate-600 tabular-nums dark:text-slate-400"
        >
          <Heart
            className={`size-4 ${post.user_has_liked_post ? 'fill-current text-red-600 dark:text-red-400' : ''}`}
            aria-hidden="true"
          />
          {post.like_count}
        </button>
        <span id={likeHintId} className="sr-only">
          Sign in to like
        </span>
      </div>
    </article>
  );
}
