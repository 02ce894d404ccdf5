// The rules of auth/policies.ts, role by role: what the session grants, who is offered Report and
// "Suspend the author", and who may suspend whom. The routes' use of them is in the authorization
// matrix (tests/integration/authorization-matrix.test.ts).
import { describe, expect, it } from 'vitest';
import type { UserType } from '../../shared/roles';
import { AppError } from '../app-error';
import {
  authorizeAuthorSuspension,
  can,
  mayOfferAuthorSuspension,
  reportAccess,
  sessionPermissions,
} from './policies';
import type { Viewer } from './viewer';

const as = (userType: UserType, userId = `${userType}-1`): Viewer => ({
  userId,
  email: `${userId}@example.com`,
  profile: { username: userId, userType },
});
const withoutProfile: Viewer = { userId: 'new-1', email: 'new@example.com', profile: null };

describe('sessionPermissions', () => {
  it('grants admins everything, moderators the reports, the askline queue and class books, members nothing', () => {
    expect(sessionPermissions(as('admin'))).toEqual({
      manageReports: true,
      reviewAsklines: true,
      manageUsers: true,
      editNotice: true,
      readModerationLog: true,
      manageWordLists: true,
      makeClassBooks: true,
    });
    expect(sessionPermissions(as('moderator'))).toEqual({
      manageReports: true,
      reviewAsklines: true,
      manageUsers: false,
      editNotice: false,
      readModerationLog: false,
      manageWordLists: false,
      makeClassBooks: true,
    });
    for (const viewer of [as('ordinary'), withoutProfile, null]) {
      expect(Object.values(sessionPermissions(viewer)).some(Boolean)).toBe(false);
    }
  });
});

describe('reportAccess', () => {
  const post = { ownerId: 'someone-else' };
  it('offers Report to members, refuses moderators, and offers nothing to admins, visitors or the author', () => {
    expect(reportAccess(as('ordinary'), post)).toBe('offer');
    expect(reportAccess(as('moderator'), post)).toBe('refuse');
    expect(reportAccess(as('admin'), post)).toBe('none');
    expect(reportAccess(null, post)).toBe('none');
    expect(reportAccess(withoutProfile, post)).toBe('none');
    expect(reportAccess(as('ordinary', 'author-1'), { ownerId: 'author-1' })).toBe('none');
  });
});

describe('likes', () => {
  it('need a profile', () => {
    expect(can(as('ordinary'), 'post:like')).toBe(true);
    expect(can(withoutProfile, 'post:like')).toBe(false);
    expect(can(null, 'post:like')).toBe(false);
  });
});

describe('suspending the author of a post', () => {
  const named = { ownerId: 'author-1', anonymous: false };
  const anonymous = { ownerId: 'author-1', anonymous: true };

  it('is offered to staff on named posts, and on anonymous ones to admins only, never on their own', () => {
    expect(mayOfferAuthorSuspension(as('moderator'), named)).toBe(true);
    expect(mayOfferAuthorSuspension(as('moderator'), anonymous)).toBe(false);
    expect(mayOfferAuthorSuspension(as('admin'), anonymous)).toBe(true);
    expect(mayOfferAuthorSuspension(as('admin', 'author-1'), anonymous)).toBe(false);
    expect(mayOfferAuthorSuspension(as('ordinary'), named)).toBe(false);
    expect(mayOfferAuthorSuspension(null, named)).toBe(false);
  });

  function refusal(viewer: Viewer | null, target: Parameters<typeof authorizeAuthorSuspension>[1]) {
    try {
      authorizeAuthorSuspension(viewer, target);
      return null;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return `${error.status} ${error.message}`;
    }
  }

  it('refuses a moderator every anonymous post alike, before anything about its author', () => {
    for (const ownerType of ['ordinary', 'moderator', 'admin'] as const) {
      for (const ownerId of ['author-1', 'moderator-1']) {
        expect(refusal(as('moderator'), { ownerId, ownerType, anonymous: true })).toBe(
          '403 Only an admin can suspend the author of an anonymous post.',
        );
      }
    }
  });

  it('lets admins suspend anyone but themselves, and moderators members only', () => {
    expect(refusal(as('admin'), { ownerId: 'x', ownerType: 'admin', anonymous: true })).toBeNull();
    expect(refusal(as('admin'), { ownerId: 'admin-1', ownerType: 'admin', anonymous: false })).toBe(
      '409 You cannot suspend your own account.',
    );
    expect(refusal(as('moderator'), { ownerId: 'x', ownerType: 'ordinary', anonymous: false })).toBeNull();
    expect(refusal(as('moderator'), { ownerId: 'x', ownerType: 'moderator', anonymous: false })).toBe(
      '403 Only an admin can suspend this account.',
    );
    expect(refusal(as('ordinary'), { ownerId: 'x', ownerType: 'ordinary', anonymous: false })).toBe(
      '403 You do not have permission to do that.',
    );
    expect(refusal(null, { ownerId: 'x', ownerType: 'ordinary', anonymous: false })).toBe(
      '401 Please sign in to continue.',
    );
  });
});
