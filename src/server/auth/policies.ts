// Who may do what, in one place (CONVENTIONS 4). Routes ask before acting; answers tell the UI what
// the viewer may do so it hides what it should not offer.
import { isStaff } from '../../shared/roles';
import { AppError } from '../http/app-error';
import type { Viewer } from './viewer';

/** Actions join as features land (reports, posts, asklines). */
export type Action =
  /** Change roles, suspend and restore accounts. */
  | 'users:manage'
  /** Edit a profile and its picture: its owner only (SPEC §6: "filtered by own user_id"). */
  | 'profile:update'
  /** Delete a post: its author, or any admin or moderator (SPEC §6). */
  | 'post:delete'
  /** Write the dashboard notice. */
  | 'notice:edit'
  /** Verify or reject asklines, and see the queue of those waiting: admins and moderators. */
  | 'askline:review'
  /** See report data, work the reports page, resolve and unresolve: admins and moderators (SPEC §6). */
  | 'reports:manage'
  /** Suspend the author of a post (also an anonymous one, without learning who): admins and moderators. */
  | 'post:suspend-author'
  /** Read the moderation log: admins. */
  | 'moderation-log:read'
  /** List and lift suspensions made through anonymous posts (only admins make them): admins. */
  | 'sealed-suspensions:manage';

/** What an action is about, when it is about one thing: who owns it. */
export interface Subject {
  ownerId: string;
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
      return isStaff(userType);
    case 'moderation-log:read':
    case 'sealed-suspensions:manage':
      return userType === 'admin';
    case 'profile:update':
      return viewer !== null && subject?.ownerId === viewer.userId;
    case 'post:delete':
      return viewer !== null && (subject?.ownerId === viewer.userId || isStaff(userType));
  }
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
