import { type ReactNode, Suspense, useState } from 'react';
import type { Reply } from '../../../../shared/replies';
import { REPLY_MESSAGES } from '../../../../shared/values/replies';
import { REPORT_MESSAGES } from '../../../../shared/values/reports';
import { authorControlItems } from '../../../components/author-control-items';
import { Avatar } from '../../../components/avatar';
import { Icon } from '../../../components/icons/icon';
import { LinkifiedText } from '../../../components/linkified-text';
import { ReportDialog } from '../../../components/report-dialog';
import { announce } from '../../../components/ui/announcer';
import { confirmAction } from '../../../components/ui/confirm-dialog';
import { MenuButton, type MenuItem } from '../../../components/ui/menu-button';
import { paths } from '../../../config/paths';
import { refusalMessage } from '../../../lib/api-client';
import { lazyPage } from '../../../lib/lazy-page';
import { LocalDate } from '../../../lib/local-dates';
import { usePeopleControlAction } from '../../../lib/personal-controls';
import { Link } from '../../../lib/router';
import { useDeleteReply, useHideReply, useRemoveReply, useReportReply } from '../api/replies-api';
import { ReplyComposer } from './reply-composer';

/** Staff's removal form (issue #47), its own chunk as on the post card: loaded when first used. */
const RemovalDialog = lazyPage(
  'components/removal-dialog.tsx',
  () => import('../../../components/removal-dialog').then((m) => m.RemovalDialog),
  { preload: false },
);

/** Who wrote a reply, as the thread shows them: a member, or its label in the thread ("Anonymous 2"). */
export function replyName(reply: Reply): string {
  return reply.author ? reply.author.fullName : (reply.label ?? 'Anonymous');
}

// One reply in a thread (issue #49): its writer (or its label, never more), when, whom it answers when
// it is shown flat below its branch, its text, and what the viewer may do: Reply, and in its menu
// Delete (their own), Remove (staff, with a statement), Report, Mute and Block (a named writer). A
// removed reply keeps its place and says so.
export function ReplyItem({
  reply,
  postId,
  showReplyTo,
  children,
}: {
  reply: Reply;
  postId: string;
  /** Deeper than one level: shown flat with "replying to". */
  showReplyTo: boolean;
  /** Its branch, under it. */
  children?: ReactNode;
}) {
  const [replying, setReplying] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [feedback, setFeedback] = useState<string | null>(null);
  const remove = useDeleteReply(postId);
  const removal = useRemoveReply(postId);
  const report = useReportReply();
  const hide = useHideReply(postId);
  const act = usePeopleControlAction();

  if (reply.removed) {
    return (
      <li id={`reply-${reply.id}`} className="scroll-mt-24">
        <p className="rounded-xl border border-dashed border-slate-300 px-3.5 py-2.5 text-sm text-slate-600 italic dark:border-slate-700 dark:text-slate-400">
          {REPLY_MESSAGES.removed}
        </p>
        {children}
      </li>
    );
  }

  const name = replyName(reply);
  const items: MenuItem[] = [];
  if (reply.viewer.canDelete) {
    items.push({
      key: 'delete',
      label: 'Delete reply',
      icon: <Icon name="trash" className="size-4" />,
      onSelect: async () => {
        const confirmed = await confirmAction({
          title: 'Delete this reply?',
          message: 'It keeps its place in the thread as “Reply removed”.',
          confirmLabel: 'Delete',
          destructive: true,
        });
        if (confirmed)
          remove.mutate(reply.id, {
            onError: (e) => announce(refusalMessage(e, 'Could not delete the reply.')),
          });
      },
    });
  }
  if (reply.viewer.canRemove) {
    items.push({
      key: 'remove',
      label: 'Remove reply',
      icon: <Icon name="trash" className="size-4" />,
      onSelect: () => setRemoving(true),
    });
  }
  if (reply.viewer.report !== 'none') {
    items.push({
      key: 'report',
      label: 'Report',
      icon: <Icon name="flag" className="size-4" />,
      onSelect: () =>
        reply.viewer.report === 'refuse' ? setFeedback(REPORT_MESSAGES.moderatorsCannot) : setReporting(true),
    });
  }
  const author = reply.author;
  items.push(
    ...authorControlItems(
      { author, ...reply.viewer },
      {
        act,
        muteAnonymous: () =>
          hide.mutate(reply.id, {
            onSuccess: (answer) => announce(answer.message ?? 'Reply hidden.', 'info'),
            onError: (error) => announce(refusalMessage(error, 'Could not hide the reply.')),
          }),
      },
    ),
  );

  return (
    <li id={`reply-${reply.id}`} className="scroll-mt-24">
      <article
        aria-label={`Reply by ${name}`}
        className="rounded-xl border border-slate-200 bg-white px-3.5 py-3 dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="flex items-start gap-2.5">
          <Avatar name={name} src={author?.profilePictureUrl} size="sm" tone={author ? 'brand' : 'neutral'} />
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
              {author ? (
                <Link
                  to={paths.userProfile.getHref(author.username)}
                  className="font-semibold text-slate-900 hover:underline dark:text-white"
                >
                  {author.fullName}{' '}
                  <span className="font-normal text-slate-600 dark:text-slate-400">@{author.username}</span>
                </Link>
              ) : (
                <span className="font-semibold text-slate-900 dark:text-white">
                  {name}
                  {reply.label === 'Author' ? (
                    <span className="sr-only"> (the post’s anonymous author)</span>
                  ) : null}
                </span>
              )}
              <span className="text-slate-600 dark:text-slate-400">
                <LocalDate isoDate={reply.createdAt} kind="timeAgo" />
              </span>
            </p>
            {showReplyTo && reply.replyTo ? (
              <p className="text-xs text-slate-600 dark:text-slate-400">replying to {reply.replyTo.name}</p>
            ) : null}
            <p className="mt-1 text-sm leading-6 break-words text-slate-800 dark:text-slate-100">
              <LinkifiedText text={reply.content} />
            </p>
            <div className="mt-1.5 flex flex-wrap items-center gap-1">
              {reply.viewer.canReply ? (
                <button
                  type="button"
                  onClick={() => setReplying((open) => !open)}
                  aria-expanded={replying}
                  aria-label={`Reply to ${name}`}
                  className="inline-flex h-8 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
                >
                  <Icon name="message-circle" className="size-4" />
                  Reply
                </button>
              ) : null}
              <span role="status" className="text-sm text-slate-600 dark:text-slate-300">
                {feedback}
              </span>
              {items.length > 0 ? (
                <div className="ml-auto">
                  <MenuButton
                    label={`More options for the reply by ${name}`}
                    buttonContent={<Icon name="ellipsis" className="size-4" />}
                    buttonClassName="inline-flex size-8 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
                    items={items}
                  />
                </div>
              ) : null}
            </div>
          </div>
        </div>
        {replying ? (
          <div className="mt-3">
            <ReplyComposer
              postId={postId}
              replyTo={{ id: reply.id, name }}
              autoFocus
              onDone={() => setReplying(false)}
            />
          </div>
        ) : null}
      </article>
      {children}
      <ReportDialog
        open={reporting}
        onCancel={() => setReporting(false)}
        onConfirm={(reason, detail) => {
          setReporting(false);
          report.mutate(
            { id: reply.id, reason, detail },
            {
              onSuccess: () => setFeedback(REPORT_MESSAGES.reported),
              onError: () => setFeedback(REPORT_MESSAGES.failed),
            },
          );
        }}
      />
      {removing ? (
        <Suspense fallback={null}>
          <RemovalDialog
            open
            title="Remove this reply?"
            onCancel={() => setRemoving(false)}
            onConfirm={async (statement) => {
              await removal.mutateAsync({ id: reply.id, ...statement });
              setRemoving(false);
              announce('Reply removed. Its author was sent the statement of reasons.', 'info');
            }}
          />
        </Suspense>
      ) : null}
    </li>
  );
}
