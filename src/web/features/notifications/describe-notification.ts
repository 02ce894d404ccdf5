// What a notification shows, per kind (issue #28): its sentence (the digest email's too:
// shared/values/notification-text.ts), where opening it leads, and the words it is about. Never who
// staff were, nor who reported: the server does not say, and neither does the page.
import type { Notification } from '../../../shared/notifications';
import { REMOVAL_FOUND_BY_TEXT, TERMS_RULES_SECTION, termsRule } from '../../../shared/values/appeals';
import { notificationSentence, reasonLabel } from '../../../shared/values/notification-text';
import { paths } from '../../config/paths';

export interface NotificationText {
  /** What happened, as one sentence. */
  sentence: string;
  /** The person the sentence starts with, when it does (drawn bold). */
  actor: string | null;
  /** Where opening it leads: the post or askline it is about, while it can be opened. */
  href: string | null;
  /** The words it is about (the post's, the askline's), quoted under the sentence. */
  quote: string | null;
  /** A line after the quote: the reason staff gave for removing a post. */
  detail: string | null;
  /** The admins' own words (admin_notice), with their links. */
  notice: string | null;
  /**
   * A removal's statement of reasons, line by line (issue #47): the rule, the facts, how it was found,
   * how to appeal. Never who decided, never who reported.
   */
  statement: string[] | null;
}

/** The statement of reasons as lines; the post's page has it whole, with the appeal. */
function statementLines(statement: NonNullable<Notification['statement']>, appealable: boolean): string[] {
  const rule = termsRule(statement.rule);
  return [
    `Rule broken: ${rule.label} (Terms §${TERMS_RULES_SECTION.number}, ${TERMS_RULES_SECTION.title})`,
    `Facts: ${statement.facts}`,
    REMOVAL_FOUND_BY_TEXT[statement.foundBy],
    ...(appealable
      ? ['To appeal, open this notification: your post’s page has the statement and the appeal.']
      : []),
  ];
}

/** A post of the viewer's own: an anonymous one lives at /post/{id}, a named one under their username. */
function ownPostHref(post: NonNullable<Notification['post']>, viewerUsername: string): string {
  return post.isAnonymous || !viewerUsername
    ? paths.anonymousPost.getHref(post.id)
    : paths.userPost.getHref(viewerUsername, post.id);
}

/** Someone's post or reply: a reply in its thread; a post at its address. */
function mentionHref(post: NonNullable<Notification['post']>, authorUsername: string | null): string {
  if (post.threadId) return `${paths.anonymousPost.getHref(post.threadId)}#reply-${post.id}`;
  return authorUsername && !post.isAnonymous
    ? paths.userPost.getHref(authorUsername, post.id)
    : paths.anonymousPost.getHref(post.id);
}

export function describeNotification(notification: Notification, viewerUsername: string): NotificationText {
  const { post, askline } = notification;
  const sentence = notificationSentence(notification);
  const latest =
    (
      notification.likes?.latest ??
      notification.replies?.latest ??
      notification.mentionedBy ??
      notification.signature?.writer
    )?.fullName ?? null;
  const text: NotificationText = {
    sentence,
    actor: latest && sentence.startsWith(latest) ? latest : null,
    href: null,
    quote: null,
    detail: null,
    notice: null,
    statement: null,
  };
  switch (notification.kind) {
    case 'post_liked':
      text.href = post ? ownPostHref(post, viewerUsername) : null;
      text.quote = post?.content ?? null;
      break;
    case 'askline_answered':
    case 'askline_verified':
    case 'askline_rejected':
      text.href = askline ? paths.askline.getHref(askline.id) : null;
      text.quote = askline?.content ?? null;
      break;
    case 'post_removed':
      // The post is gone: quoted so its author knows which. With a statement of reasons it leads to the
      // post's own page, which shows its author the statement and the appeal; an older one, to nothing.
      text.quote = post?.content ?? null;
      text.detail = notification.reason === null ? null : `Reason: ${reasonLabel(notification.reason)}`;
      if (notification.statement) {
        text.href = post ? ownPostHref(post, viewerUsername) : null;
        text.statement = statementLines(notification.statement, true);
      }
      break;
    case 'admin_notice':
      text.notice = notification.notice;
      break;
    case 'held_approved':
      text.href = post ? ownPostHref(post, viewerUsername) : null;
      text.quote = post?.content ?? null;
      break;
    case 'held_removed':
      // It never went out: quoted so its author knows which, with the statement (as a removed post's);
      // an older one with staff's reason and no link.
      text.quote = post?.content ?? null;
      text.detail = notification.reason === null ? null : `Reason: ${notification.reason}`;
      if (notification.statement) {
        text.href = post ? ownPostHref(post, viewerUsername) : null;
        text.statement = statementLines(notification.statement, true);
      }
      break;
    case 'appeal_decided':
      // Overturned, the post is back at its address; upheld, its page still shows the statement.
      text.href = post ? ownPostHref(post, viewerUsername) : null;
      text.quote = post?.content ?? null;
      break;
    case 'post_replied':
      text.href = post ? `${ownPostHref(post, viewerUsername)}#replies` : null;
      text.quote = post?.content ?? null;
      break;
    case 'reply_replied':
    case 'mentioned':
      // A reply opens in its thread, at the reply (issue #49); a post that mentions the viewer, at its
      // own address (a named one under its author's username).
      text.href = post ? mentionHref(post, notification.mentionedBy?.username ?? null) : null;
      text.quote = post?.content ?? null;
      break;
    case 'signature_received':
      // The viewer's yearbook, where a waiting signature is approved or removed (issue #52).
      text.href =
        notification.signature && viewerUsername
          ? `${paths.userProfile.getHref(viewerUsername)}#signatures`
          : null;
      text.quote = notification.signature?.content ?? null;
      text.detail =
        notification.signature && !notification.signature.approved ? 'Waiting for your approval' : null;
      break;
    case 'book_ready':
      // Where the book is downloaded (issue #52): one's page, or the class's book page.
      text.href = !notification.book
        ? null
        : notification.book.kind === 'class' && notification.book.year !== null
          ? paths.classBook.getHref(notification.book.year, notification.book.campus ?? undefined)
          : paths.yearbook.getHref();
      break;
    case 'report_received':
    case 'report_outcome':
      // That it was received, or what became of it, only: not the post again, nor who acted.
      break;
  }
  return text;
}
