// Who may do what, in one place (CONVENTIONS 4). Routes ask before acting; answers tell the UI what
// the viewer may do so it hides what it should not offer.
import { AppError } from '../http/app-error';
import type { Viewer } from './viewer';

/** Actions join as features land (reports, posts, asklines). */
export type Action =
  /** Change roles, suspend and restore accounts. */
  'users:manage';

export function can(viewer: Viewer | null, action: Action): boolean {
  const userType = viewer?.profile?.userType;
  switch (action) {
    case 'users:manage':
      return userType === 'admin';
  }
}

/** 401 for visitors, 403 for signed-in viewers who may not. */
export function authorize(viewer: Viewer | null, action: Action): Viewer {
  if (!viewer) throw new AppError('unauthenticated', 'Please sign in to continue.');
  if (!can(viewer, action)) throw new AppError('forbidden', 'You do not have permission to do that.');
  return viewer;
}
