import type { ReactNode } from 'react';
import type { Askline } from '../../../../shared/asklines';
import { COPIED_STATE_MS, SHARE_LINK_MESSAGES } from '../../../../shared/share-links';
import { describePostCount } from '../../../../shared/values/asklines';
import { Icon } from '../../../components/icons/icon';
import { type CreatePostState, paths } from '../../../config/paths';
import { copyText } from '../../../lib/copy-text';
import { LocalDate } from '../../../lib/local-dates';
import { Link } from '../../../lib/router';
import { useTransientState } from '../../../lib/use-transient-state';

const iconLink =
  'relative z-10 inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';

const statusBadges: Record<
  Exclude<Askline['status'], 'verified'>,
  { label: string; icon: ReactNode; tone: string }
> = {
  pending: {
    label: 'Pending verification',
    icon: <Icon name="clock" className="size-3.5" />,
    tone: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  },
  rejected: {
    label: 'Not published',
    icon: <Icon name="circle-x" className="size-3.5" />,
    tone: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  },
};

// SPEC §2 Asklines card: the prompt, 'by @' its creator, the date, 'n post(s)', a share button (to the
// askline page) and a create-post button (the dashboard's panel with this askline chosen). The whole
// card opens the askline: its text is a link stretched over the card, under the two buttons.
// `linkToPage` is false on the askline's own page, where the card needs no link to itself.
export function AsklineCard({
  askline,
  headingLevel = 'h3',
  linkToPage = true,
  children,
}: {
  askline: Askline;
  headingLevel?: 'h1' | 'h2' | 'h3';
  linkToPage?: boolean;
  /** Extra controls under the card (staff review buttons). */
  children?: ReactNode;
}) {
  const Heading = headingLevel;
  const href = paths.askline.getHref(askline.id);
  const answerState: CreatePostState = { openCreatePost: true, asklineId: askline.id };
  const badge = askline.status === 'verified' ? null : statusBadges[askline.status];

  return (
    <article className="relative rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900">
      {badge ? (
        <p
          className={`mb-3 inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium ${badge.tone}`}
        >
          {badge.icon}
          {badge.label}
        </p>
      ) : null}
      <Heading
        className={`font-semibold tracking-tight text-slate-900 dark:text-white ${headingLevel === 'h1' ? 'text-2xl sm:text-3xl' : 'text-lg'}`}
      >
        {linkToPage ? (
          <Link
            to={href}
            className="rounded after:absolute after:inset-0 after:rounded-2xl after:content-[''] hover:underline"
          >
            {askline.content}
          </Link>
        ) : (
          askline.content
        )}
      </Heading>
      <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
        {askline.creatorUsername ? (
          <span>
            by{' '}
            <Link
              to={paths.userProfile.getHref(askline.creatorUsername)}
              className="relative z-10 font-medium text-slate-800 hover:underline dark:text-slate-200"
            >
              @{askline.creatorUsername}
            </Link>
          </span>
        ) : null}
        <span aria-hidden="true">·</span>
        <time dateTime={askline.createdAt}>
          <LocalDate isoDate={askline.createdAt} />
        </time>
        <span aria-hidden="true">·</span>
        <span>{describePostCount(askline.postCount)}</span>
      </p>
      {askline.status === 'verified' ? (
        <div className="mt-3 flex flex-wrap items-center gap-1">
          <Link
            to={paths.dashboard.getHref()}
            state={answerState}
            className={iconLink}
            aria-label={`Answer: ${askline.content}`}
          >
            <Icon name="message-square-plus" className="size-5" />
            Answer
          </Link>
          {linkToPage ? (
            <Link to={href} className={iconLink} aria-label={`Share askline: ${askline.content}`}>
              <Icon name="share-2" className="size-5" />
              Share
            </Link>
          ) : (
            <CopyLinkButton href={href} className={iconLink} />
          )}
        </div>
      ) : null}
      {children ? <div className="relative z-10 mt-3">{children}</div> : null}
    </article>
  );
}

/** On the askline's own page, Share copies its address (SPEC §4: the copied state lasts 2 s). */
function CopyLinkButton({ href, className }: { href: string; className: string }) {
  const [state, setState] = useTransientState<'idle' | 'copied' | 'failed'>('idle', COPIED_STATE_MS);

  async function copy() {
    try {
      await copyText(new URL(href, window.location.origin).toString());
      setState('copied');
    } catch {
      setState('failed');
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={() => void copy()}
        className={className}
        aria-label={state === 'copied' ? 'Link copied' : 'Share askline'}
      >
        {state === 'copied' ? (
          <Icon name="check" className="size-5" />
        ) : (
          <Icon name="share-2" className="size-5" />
        )}
        {state === 'copied' ? 'Link copied' : 'Share'}
      </button>
      <span
        role="status"
        className={state === 'failed' ? 'text-sm font-medium text-red-700 dark:text-red-300' : 'sr-only'}
      >
        {state === 'failed' ? SHARE_LINK_MESSAGES.copyFailed : state === 'copied' ? 'Link copied' : ''}
      </span>
    </>
  );
}
