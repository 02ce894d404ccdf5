// Who may do what, in one place (CONVENTIONS 4): every role and ownership rule of the server is
// written here and nowhere else. Routes ask before acting; answers tell the UI what the viewer may do
// (a post's `viewer`, the session's `permissions`), so the web offers only that and never works a rule
// out again.
import type { SessionPermissions } from '../../shared/auth';
import { REPORT_MESSAGES } from '../../shared/reports';
import { isStaff, type UserType } from '../../shared/roles';
import { AppError } from '../app-error';
import type { Viewer } from './viewer';

/** Actions join as features land (reports, posts, asklines). */
export type Action =
  /** Change roles, suspend and restore accounts. */
  | 'users:manage'
  /** Edit a profile and its picture: its owner only (SPEC §6: "filtered by own user_id"). */
  | 'profile:update'
  /** Delete a post: its author (staff delete their own posts the same way). */
  | 'post:delete'
  /**
   * Remove someone else's post with a statement of reasons (SPEC §6 "delete any post", issue #47):
   * admins and moderators.
   */
  | 'post:remove'
  /** Appeal a removal of one's own post (issue #47): its author. */
  | 'post:appeal'
  /** Write the dashboard notice. */
  | 'notice:edit'
  /** Verify or reject asklines, see the queue of those waiting and any unverified one: admins and moderators. */
  | 'askline:review'
  /** Like and unlike: signed in with a profile. */
  | 'post:like'
  /** See report data, work the reports page, resolve and unresolve: admins and moderators (SPEC §6). */
  | 'reports:manage'
  /** Suspend the author of a post (also an anonymous one, without learning who): admins and moderators. */
  | 'post:suspend-author'
  /** Read the moderation log: admins. */
  | 'moderation-log:read'
  /** List and lift suspensions made through anonymous posts (only admins make them): admins. */
  | 'sealed-suspensions:manage'
  /**
   * How many reports are past their clocks (IT Rules 2021 rule 3(2)): admins, who answer for the
   * team's timeliness (as they read the log); moderators see each report's own clocks on the queue.
   */
  | 'reports:oversee'
  /** Add words to the text check's lists and the allowlist, and remove them: admins. */
  | 'word-lists:manage'
  /**
   * Personal controls (issue #48): block or mute a person, hide a post, mute words. Members with a
   * profile; about someone or something else (never oneself or one's own post).
   */
  | 'controls:use'
  /** Reply to a post or a reply (issue #49): members with a profile, where its replies are on. */
  | 'post:reply'
  /** Turn a post's replies off and on (issue #49): its author, and staff. */
  | 'post:toggle-replies'
  /**
   * Run a class's superlatives round (issue #52, decision 042): start it, its categories, its phases
   * and results date: admins and moderators. Nominating and voting are for the class's members.
   */
  | 'superlatives:manage'
  /** Make a class's book and download it (issue #52): admins and moderators, any class. */
  | 'book:make-class';

/**
 * What an action is about, when it is about one thing: who owns it (null: nobody, an anonymous post
 * its author left up when they deleted their account, decision 019).
 */
export interface Subject {
  ownerId: string | null;
}

export function can(viewer: Viewer | null, action: Action, subject?: Subject): boolean {
  const userType = viewer?.profile?.userType;
  switch (action) {
    case 'users:manage':
    case 'notice:edit':
      return userType === 'admin';
    case 'askline:review':
    case 'reports:manage':
    case 'post:suspend-author':
    case 'superlatives:manage':
    case 'book:make-class':
      return isStaff(userType);
    case 'moderation-log:read':
    case 'sealed-suspensions:manage':
    case 'reports:oversee':
    case 'word-lists:manage':
      return userType === 'admin';
    case 'post:like':
      return Boolean(viewer?.profile);
    case 'profile:update':
      return viewer !== null && subject?.ownerId === viewer.userId;
    case 'post:delete':
    case 'post:appeal':
      return viewer !== null && subject?.ownerId === viewer.userId;
    case 'post:remove':
      return viewer !== null && isStaff(userType) && subject?.ownerId !== viewer.userId;
    case 'controls:use':
      return Boolean(viewer?.profile) && (subject === undefined || subject.ownerId !== viewer?.userId);
    case 'post:reply':
      return Boolean(viewer?.profile);
    case 'post:toggle-replies':
      return Boolean(viewer?.profile) && (isStaff(userType) || subject?.ownerId === viewer?.userId);
  }
}

/**
 * The personal controls a post's card offers (issue #48, decision 032), from what the viewer already
 * knows: the post is theirs or not, named or anonymous. "Mute this author" on an anonymous post hides
 * that post ('post'); a named post's author is muted or blocked as a person. Alike for every
 * anonymous post, whoever wrote it.
 */
export function postControlsOffer(
  viewer: Viewer | null,
  post: { ownerId: string | null; anonymous: boolean },
): { canHide: boolean; canMuteAuthor: 'person' | 'post' | 'none'; canBlockAuthor: boolean } {
  const may = can(viewer, 'controls:use', { ownerId: post.ownerId });
  return {
    canHide: may,
    canMuteAuthor: !may ? 'none' : post.anonymous ? 'post' : 'person',
    canBlockAuthor: may && !post.anonymous,
  };
}

/** 401 for visitors, 403 for signed-in viewers who may not. Messages default to generic ones. */
export function authorize(
  viewer: Viewer | null,
  action: Action,
  subject?: Subject,
  messages: { signedOut?: string; forbidden?: string } = {},
): Viewer {
  if (!viewer) throw new AppError('unauthenticated', messages.signedOut ?? 'Please sign in to continue.');
  if (!can(viewer, action, subject)) {
    throw new AppError('forbidden', messages.forbidden ?? 'You do not have permission to do that.');
  }
  return viewer;
}

/** What the session tells the web about the screens and menu items this viewer may use. */
export function sessionPermissions(viewer: Viewer | null): SessionPermissions {
  return {
    manageReports: can(viewer, 'reports:manage'),
    reviewAsklines: can(viewer, 'askline:review'),
    manageUsers: can(viewer, 'users:manage'),
    editNotice: can(viewer, 'notice:edit'),
    readModerationLog: can(viewer, 'moderation-log:read'),
    manageWordLists: can(viewer, 'word-lists:manage'),
    makeClassBooks: can(viewer, 'book:make-class'),
  };
}

/**
 * Reporting a post (SPEC §6): ordinary members with a profile, never on their own post. Moderators are
 * offered Report and told they cannot ('refuse'); admins, visitors and the author are not offered it.
 */
export type ReportAccess = 'offer' | 'refuse' | 'none';

/** The report rule by role, for the offer (reportAccess) and the refusal (authorizeReport) alike. */
const REPORT_BY_ROLE: Record<UserType, ReportAccess> = {
  ordinary: 'offer',
  moderator: 'refuse',
  admin: 'none',
};

export function reportAccess(viewer: Viewer | null, post: Subject): ReportAccess {
  if (!viewer?.profile || post.ownerId === viewer.userId) return 'none';
  return REPORT_BY_ROLE[viewer.profile.userType];
}

/** The reporter, or why not: 401 signed out, 403 without a profile, 403 for staff with their message. */
export function authorizeReport(viewer: Viewer | null): Viewer {
  if (!viewer) throw new AppError('unauthenticated', REPORT_MESSAGES.signedOut);
  if (!viewer.profile) throw new AppError('forbidden', 'Please set up your profile first.');
  const access = REPORT_BY_ROLE[viewer.profile.userType];
  if (access === 'refuse') throw new AppError('forbidden', REPORT_MESSAGES.moderatorsCannot);
  if (access === 'none') throw new AppError('forbidden', REPORT_MESSAGES.adminsCannot);
  return viewer;
}

/** The author of a post as a suspension needs to know them (read on the server only). */
export interface SuspensionTarget {
  ownerId: string | null;
  ownerType: UserType;
  anonymous: boolean;
}

/**
 * Whether the post's card offers staff "Suspend the author". Worked out from what the viewer already
 * knows (staff, the post anonymous or not, their own), never from the author's role, so an anonymous
 * author is never hinted at; the server checks the rest when asked (authorizeAuthorSuspension).
 */
export function mayOfferAuthorSuspension(
  viewer: Viewer | null,
  post: { ownerId: string | null; anonymous: boolean },
) {
  if (!can(viewer, 'post:suspend-author') || post.ownerId === viewer?.userId) return false;
  return !post.anonymous || viewer?.profile?.userType === 'admin';
}

/**
 * Staff suspending the author of a post. Admins may suspend any author but themselves. Moderators may
 * suspend the author of a named post who is not staff; an anonymous post's author needs an admin, for
 * every anonymous post alike (checked first), so a refusal never hints at who wrote it.
 */
export function authorizeAuthorSuspension(viewer: Viewer | null, target: SuspensionTarget): Viewer {
  const staff = authorize(viewer, 'post:suspend-author');
  const admin = staff.profile?.userType === 'admin';
  if (!admin && target.anonymous) {
    throw new AppError('forbidden', 'Only an admin can suspend the author of an anonymous post.');
  }
  if (target.ownerId === staff.userId) throw new AppError('conflict', 'You cannot suspend your own account.');
  if (!admin && isStaff(target.ownerType))
    throw new AppError('forbidden', 'Only an admin can suspend this account.');
  return staff;
}

/**
 * Deciding an appeal (issue #47): admins and moderators, but never the one who made the decision
 * appealed (a second pair of eyes), nor the author of the post (`own`: a staff member's post removed
 * by another). `decidedBy` is null once the decider's account is gone.
 */
export function canDecideAppeal(
  viewer: Viewer | null,
  decision: { decidedBy: string | null; own: boolean },
): boolean {
  return can(viewer, 'reports:manage') && decision.decidedBy !== viewer?.userId && !decision.own;
}

/** Signed in with a profile (posting, liking, the feed): 401 with `signedOut`, 403 without a profile. */
export function authorizeMember(viewer: Viewer | null, signedOut = 'Please sign in to continue.'): Viewer {
  if (!viewer) throw new AppError('unauthenticated', signedOut);
  if (!viewer.profile) throw new AppError('forbidden', 'Please set up your profile first.');
  return viewer;
}

/** Signed in, with or without a profile: 401 otherwise. */
export function authorizeSignedIn(viewer: Viewer | null, signedOut = 'Please sign in to continue.'): Viewer {
  if (!viewer) throw new AppError('unauthenticated', signedOut);
  return viewer;
}
