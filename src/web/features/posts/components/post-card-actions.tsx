import { Suspense, useState } from 'react';
import type { Post } from '../../../../shared/posts';
import { BOOK_MESSAGES } from '../../../../shared/values/book';
import { CONTROL_MESSAGES } from '../../../../shared/values/personal-controls';
import { POST_MESSAGES } from '../../../../shared/values/posts';
import { REPORT_MESSAGES } from '../../../../shared/values/reports';
import { authorControlItems } from '../../../components/author-control-items';
import { Icon } from '../../../components/icons/icon';
import { ReportDialog } from '../../../components/report-dialog';
import { announce } from '../../../components/ui/announcer';
import { confirmAction } from '../../../components/ui/confirm-dialog';
import type { MenuItem } from '../../../components/ui/menu-button';
import { refusalMessage } from '../../../lib/api-client';
import { lazyPage } from '../../../lib/lazy-page';
import { sharePostLink, useNativeShareOffered } from '../../../lib/native-share';
import { OMIT_FROM_IMAGE } from '../../../lib/omit-from-image';
import { afterPostHidden, usePeopleControlAction, useUnhidePost } from '../../../lib/personal-controls';
import {
  useDeletePost,
  useHidePost,
  useRemovePost,
  useReportPost,
  useSetInClassBook,
  useSetLike,
  useSetResolution,
  useSuspendAuthor,
} from '../api/posts-api';
import { type PostCardProps, useCopyLink } from './post-card';
import { CardIconButton, DISLIKE_FEEDBACK_MS, PostCardView } from './post-card-view';

/** Staff's removal form (issue #47): loaded when they first remove a post, never for members. */
const RemovalDialog = lazyPage(
  'components/removal-dialog.tsx',
  () => import('../../../components/removal-dialog').then((m) => m.RemovalDialog),
  { preload: false },
);

// The post card wired to the server, for a viewer who may act on it (post-card.tsx decides): like and
// unlike (at once, put back and announced if it fails); delete one's own with confirmation (soft
// delete); Report with its reason and 2 s feedback (SPEC §4); and for staff the report badge, resolve /
// unresolve, and Delete on someone else's post, which asks for the rule it broke and the facts (the
// author's statement of reasons, issue #47). Failures are told through the one announcer, on every screen
// the card is on.
export function PostCardWithActions({
  post,
  showDelete = false,
  showAskline = true,
  showSuspend = false,
  showAuthorNote = true,
  headingLevel,
  header,
}: PostCardProps) {
  const setLike = useSetLike();
  const deletePost = useDeletePost();
  const removePost = useRemovePost();
  const reportPost = useReportPost();
  const [reporting, setReporting] = useState(false);
  const [removing, setRemoving] = useState(false);
  const { feedback, setFeedback, copyLink } = useCopyLink(post);
  // The phone's share sheet (issue #51), where there is one: the post's link, first in the share menu.
  // Members' cards only (this chunk), so a visitor's first load carries none of it.
  const shareOffered = useNativeShareOffered();
  async function share() {
    const failure = await sharePostLink(post);
    if (failure) setFeedback(failure);
  }
  const controls = usePersonalControls(post);
  const classBook = useClassBookSwitch(post);

  function toggleLike() {
    if (setLike.isPending) return;
    // SPEC §8's words (spelling included), wherever the card is.
    setLike.mutate(
      { id: post.id, liked: !post.likedByMe },
      { onError: (error) => announce(refusalMessage(error, POST_MESSAGES.likeFailed)) },
    );
  }

  async function remove() {
    const confirmed = await confirmAction({
      title: 'Delete this post?',
      message: 'This cannot be undone.',
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (!confirmed) return;
    deletePost.mutate(post.id, {
      onError: (error) => announce(refusalMessage(error, REPORT_MESSAGES.deleteFailed)),
    });
  }

  // SPEC §6, as the server's answer says: members report others' posts; moderators are offered Report
  // and told they cannot; admins, visitors and the author are not offered it.
  const mayOfferReport = post.viewer.report !== 'none';
  function startReport() {
    if (post.viewer.report === 'refuse') {
      setFeedback(REPORT_MESSAGES.moderatorsCannot);
      return;
    }
    setReporting(true);
  }

  // One's own post where it is offered (the profile; staff everywhere); someone else's, staff remove.
  const canDelete = post.viewer.canDelete && (showDelete || post.viewer.canModerate);
  const onDelete = post.viewer.canRemove
    ? () => setRemoving(true)
    : canDelete
      ? () => void remove()
      : undefined;

  return (
    <>
      <PostCardView
        post={post}
        header={post.viewer.hidden ? <HiddenNote post={post} /> : header}
        onToggleLike={post.viewer.canLike ? toggleLike : undefined}
        likePending={setLike.isPending}
        onDelete={onDelete}
        deletePending={deletePost.isPending || removePost.isPending}
        showAskline={showAskline}
        showAuthorNote={showAuthorNote}
        headingLevel={headingLevel}
        onCopyLink={() => void copyLink()}
        onShare={shareOffered ? () => void share() : undefined}
        onReport={mayOfferReport ? startReport : undefined}
        onDislike={controls.onDislike}
        moreItems={[...classBook, ...controls.items]}
        feedback={feedback}
        moderation={
          post.viewer.canModerate ? (
            <StaffControls post={post} showSuspend={showSuspend && post.viewer.canSuspendAuthor} />
          ) : undefined
        }
      />
      {removing ? (
        <Suspense fallback={null}>
          <RemovalDialog
            open
            title="Remove this post?"
            onCancel={() => setRemoving(false)}
            onConfirm={async (statement) => {
              await removePost.mutateAsync({ id: post.id, ...statement });
              setRemoving(false);
              announce('Post removed. Its author was sent the statement of reasons.', 'info');
            }}
          />
        </Suspense>
      ) : null}
      {mayOfferReport ? (
        <ReportDialog
          open={reporting}
          onCancel={() => setReporting(false)}
          onConfirm={(reason, detail) => {
            setReporting(false);
            reportPost.mutate(
              { id: post.id, reason, detail },
              {
                onSuccess: () => setFeedback(REPORT_MESSAGES.reported),
                onError: () => setFeedback(REPORT_MESSAGES.failed),
              },
            );
          }}
        />
      ) : null}
    </>
  );
}

/**
 * The card's personal controls (issue #48, decision 032), as the server's answer offers them: Dislike
 * also hides the post ("Not for me") once its second has shown; "Mute @name" mutes a named author,
 * "Mute this author" on an anonymous post hides that post alone and says why; "Block @name" asks first.
 * Each says what it did in a toast with Undo.
 */
function usePersonalControls(post: Post) {
  const hide = useHidePost();
  const unhide = useUnhidePost();
  const act = usePeopleControlAction();

  function hidePost(reason: 'not_for_me' | 'muted_author') {
    const shown = Date.now() + (reason === 'not_for_me' ? DISLIKE_FEEDBACK_MS : 0);
    hide.mutate(
      { postId: post.id, reason },
      {
        onSuccess: (answer) =>
          setTimeout(
            () => {
              afterPostHidden(post.id);
              announce(answer.message ?? CONTROL_MESSAGES.postHidden, 'info', {
                label: 'Undo',
                onSelect: () =>
                  unhide.mutate(post.id, {
                    onError: (error) => announce(refusalMessage(error, CONTROL_MESSAGES.undoFailed)),
                  }),
              });
            },
            Math.max(0, shown - Date.now()),
          ),
        onError: (error) => announce(refusalMessage(error, CONTROL_MESSAGES.hideFailed)),
      },
    );
  }

  const { canHide, hidden } = post.viewer;
  const items = authorControlItems(
    { author: post.author, ...post.viewer },
    { act, muteAnonymous: hidden ? undefined : () => hidePost('muted_author') },
  );
  return {
    onDislike: canHide && !hidden && !hide.isPending ? () => hidePost('not_for_me') : undefined,
    items,
  };
}

/**
 * Its author's switch on their own anonymous askline answer (issue #52), where the server's answer
 * offers it: "Include in the class book, unnamed", pressed while it is. Turning it on first says what it
 * tells readers of the book (that someone in the class wrote it); turning it off needs no question.
 */
function useClassBookSwitch(post: Post): MenuItem[] {
  const setInClassBook = useSetInClassBook();
  const included = post.viewer.inClassBook;
  if (included === null || included === undefined) return [];
  async function toggle() {
    if (
      !included &&
      !(await confirmAction({
        title: 'Include it in the class book, unnamed?',
        message: BOOK_MESSAGES.includeNote,
        confirmLabel: 'Include',
      }))
    ) {
      return;
    }
    setInClassBook.mutate(
      { postId: post.id, include: !included },
      {
        onSuccess: (answer) =>
          announce(
            answer.includeInClassBook
              ? 'It will be in the class book, as “Anonymous”.'
              : 'It will not be in the class book.',
            'info',
          ),
        onError: (error) =>
          announce(refusalMessage(error, 'Your choice could not be saved. Please try again.')),
      },
    );
  }
  return [
    {
      key: 'class-book',
      label: BOOK_MESSAGES.includeLabel,
      icon: <Icon name="book-open" className="size-4" />,
      checked: included,
      onSelect: setInClassBook.isPending ? undefined : () => void toggle(),
    },
  ];
}

/** Above a post the viewer hid, where it still shows (its own page, a profile): say so, with Undo. */
function HiddenNote({ post }: { post: Post }) {
  const unhide = useUnhidePost();
  return (
    <p
      {...OMIT_FROM_IMAGE}
      className="mb-3 flex flex-wrap items-center gap-2 rounded-xl bg-slate-100 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200"
    >
      <Icon name="eye-off" className="size-4 shrink-0" />
      <span className="flex-1">{CONTROL_MESSAGES.hiddenNote}</span>
      <button
        type="button"
        disabled={unhide.isPending}
        onClick={() =>
          unhide.mutate(post.id, {
            onError: (error) => announce(refusalMessage(error, CONTROL_MESSAGES.undoFailed)),
          })
        }
        className="rounded px-2 py-0.5 font-semibold underline underline-offset-2 hover:bg-slate-200 dark:hover:bg-slate-700"
      >
        Undo
      </button>
    </p>
  );
}

/**
 * SPEC §2 staff parts: the report badge (count; resolved and unresolved differ) and its controls,
 * each with its name shown: staff act on them, on a phone too (issue #30).
 */
function StaffControls({ post, showSuspend }: { post: Post; showSuspend: boolean }) {
  const setResolution = useSetResolution();
  const suspendAuthor = useSuspendAuthor();
  const report = post.report;

  async function toggleResolved() {
    if (!report) return;
    const resolved = !report.resolved;
    const confirmed = await confirmAction(
      resolved
        ? { title: 'Mark this report as resolved?', confirmLabel: 'Resolve' }
        : { title: 'Mark this report as unresolved again?', confirmLabel: 'Unresolve' },
    );
    if (!confirmed) return;
    setResolution.mutate(
      { reportId: report.id, resolved, postId: post.id },
      {
        onError: (error) =>
          announce(
            refusalMessage(error, resolved ? REPORT_MESSAGES.resolveFailed : REPORT_MESSAGES.unresolveFailed),
          ),
      },
    );
  }

  async function suspend() {
    const confirmed = await confirmAction({
      title: post.author ? `Suspend @${post.author.username}?` : 'Suspend the author of this anonymous post?',
      message: post.author
        ? 'They are signed out and cannot sign in until restored.'
        : 'They are signed out and cannot sign in until the suspension is lifted (from the moderation ' +
          'log). Who they are stays sealed, from you too.',
      confirmLabel: 'Suspend',
      destructive: true,
    });
    if (!confirmed) return;
    suspendAuthor.mutate(post.id, {
      onSuccess: () => announce('The author is suspended.', 'info'),
      onError: (error) => announce(error.message),
    });
  }

  return (
    <>
      {report ? (
        <>
          <span
            className={`inline-flex h-7 items-center gap-1 rounded-full px-2.5 text-xs font-semibold tabular-nums ${
              report.resolved
                ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200'
                : 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200'
            }`}
          >
            <Icon name="flag" className="size-3.5" />
            {report.count === 1 ? '1 report' : `${report.count} reports`}
            <span className="sr-only">, {report.resolved ? 'resolved' : 'unresolved'}</span>
          </span>
          <CardIconButton
            label={report.resolved ? 'Unresolve report' : 'Resolve report'}
            onClick={() => void toggleResolved()}
            disabled={setResolution.isPending}
          >
            {report.resolved ? (
              <Icon name="rotate-ccw" className="size-5" />
            ) : (
              <Icon name="circle-check" className="size-5" />
            )}
            {report.resolved ? 'Unresolve' : 'Resolve'}
          </CardIconButton>
        </>
      ) : null}
      {showSuspend ? (
        <CardIconButton
          label="Suspend the author"
          onClick={() => void suspend()}
          disabled={suspendAuthor.isPending}
        >
          <Icon name="user-x" className="size-5" />
          Suspend
        </CardIconButton>
      ) : null}
    </>
  );
}
