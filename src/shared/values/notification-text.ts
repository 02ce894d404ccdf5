// What a notification says, in words: the same sentence on the notifications page and in the email
// digest. Zod-free (the type import is erased).
import type { Notification } from '../notifications';
import { termsRule } from './appeals';
import { BOOK_MESSAGES } from './book';
import { REPORT_CLOCKS, REPORT_REASON_LABELS, type ReportReason } from './reports';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The notification's sentence: "Priya Raman and 11 others liked your post". */
export function notificationSentence(notification: Notification): string {
  switch (notification.kind) {
    case 'post_liked': {
      const likes = notification.likes ?? { count: 0, latest: null };
      if (!likes.latest) return `${plural(likes.count, 'person', 'people')} liked your post`;
      const others = likes.count - 1;
      return others > 0
        ? `${likes.latest.fullName} and ${plural(others, 'other', 'others')} liked your post`
        : `${likes.latest.fullName} liked your post`;
    }
    case 'askline_answered':
      return `Your askline got ${plural(notification.answers?.count ?? 0, 'new answer', 'new answers')}`;
    case 'askline_verified':
      return 'Your askline was verified and is open for answers';
    case 'askline_rejected':
      return 'Your askline was not approved';
    case 'report_received':
      return `We received your report. Staff act on reports within ${REPORT_CLOCKS.resolveDays} days.`;
    case 'report_outcome':
      return notification.outcome === 'removed'
        ? 'A post you reported was removed.'
        : 'Staff reviewed a post you reported.';
    case 'post_removed':
      return 'Staff removed your post';
    case 'admin_notice':
      return 'Notice from the admins';
    case 'held_approved':
      return 'Your post was reviewed and is now published';
    case 'held_removed':
      return 'Your post held for review was removed';
    case 'post_replied':
    case 'reply_replied': {
      const replies = notification.replies ?? { count: 0, latest: null };
      const what = notification.kind === 'post_replied' ? 'your post' : 'your reply';
      if (!replies.latest) return `${plural(replies.count, 'new reply', 'new replies')} to ${what}`;
      const others = replies.count - 1;
      return others > 0
        ? `${replies.latest.fullName} and ${plural(others, 'other', 'others')} replied to ${what}`
        : `${replies.latest.fullName} replied to ${what}`;
    }
    case 'mentioned': {
      const where = notification.post?.threadId ? 'a reply' : 'a post';
      return notification.mentionedBy
        ? `${notification.mentionedBy.fullName} mentioned you in ${where}`
        : `You were mentioned in an anonymous ${where === 'a reply' ? 'reply' : 'post'}`;
    }
    case 'signature_received':
      return notification.signature
        ? `${notification.signature.writer.fullName} signed your yearbook`
        : 'Someone signed your yearbook';
    case 'book_ready': {
      const book = notification.book;
      return book?.kind === 'class' && book.year !== null && book.campus !== null
        ? BOOK_MESSAGES.classReady(book.year, book.campus)
        : BOOK_MESSAGES.pageReady;
    }
    case 'appeal_decided':
      return notification.outcome === 'overturned'
        ? 'Your appeal succeeded: your post is back'
        : 'Your appeal was turned down: your post stays removed';
  }
}

/** A statement of reasons in one line: the rule of the Terms broken, and the facts. */
export function statementLine(statement: NonNullable<Notification['statement']>): string {
  return `Rule broken: ${termsRule(statement.rule).label}. ${statement.facts}`;
}

/** A report reason as the report dialog names it ("Harassment or bullying"), or as given. */
export function reasonLabel(reason: string): string {
  return REPORT_REASON_LABELS[reason as ReportReason] ?? reason;
}

/** What the notification is about, quoted, or the reason or notice it carries; null when nothing. */
export function notificationDetail(notification: Notification): string | null {
  if (notification.kind === 'admin_notice') return notification.notice;
  const removal = notification.kind === 'post_removed' || notification.kind === 'held_removed';
  if (removal && notification.statement) return statementLine(notification.statement);
  if (removal && notification.reason) return `Reason: ${reasonLabel(notification.reason)}`;
  if (notification.post) return notification.post.content;
  if (notification.signature) return notification.signature.content;
  if (notification.askline) return notification.askline.content;
  return null;
}
