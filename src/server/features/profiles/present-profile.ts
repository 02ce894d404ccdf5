// Turns a profile row into what leaves the server. The email, the user id and the role never do;
// the date of birth, the password flag, the class page and superlatives settings go to the owner alone.
import type { Profile } from '../../../shared/profiles';
import type { profiles } from '../../db/schema';
import type { ObjectStorage } from '../../platform/storage';

export type ProfileRow = typeof profiles.$inferSelect & {
  postCount: number;
  likeCount: number;
  /** The reader's blocks and mutes of it, and whether its owner blocked the reader (issue #48). */
  viewerControls: { blocksViewer: boolean; blockedByViewer: boolean; mutedByViewer: boolean };
};

export function presentProfile(
  row: ProfileRow,
  options: {
    viewerIsOwner: boolean;
    storage: ObjectStorage;
    hasPassword?: boolean;
    /** The campus address mark (campus-address.ts); undefined: the setting is off, no mark. */
    campusAddress?: boolean;
    /** Whether the reader may use personal controls (a member with a profile, not the owner). */
    mayControl?: boolean;
  },
): Profile {
  return {
    username: row.username,
    fullName: row.fullName,
    bio: row.bio,
    instagramUrl: row.instagramUrl,
    linkedinUrl: row.linkedinUrl,
    institution: row.institution,
    graduationYear: row.graduationYear,
    profilePictureUrl: row.profilePictureKey ? options.storage.publicUrl(row.profilePictureKey) : null,
    joinedAt: row.createdAt.toISOString(),
    stats: { posts: row.postCount, likes: row.likeCount },
    viewerIsOwner: options.viewerIsOwner,
    ...(!options.viewerIsOwner && {
      controls: {
        blocked: row.viewerControls.blockedByViewer,
        muted: row.viewerControls.mutedByViewer,
        canBlock: options.mayControl === true,
        canMute: options.mayControl === true,
      },
    }),
    ...(options.campusAddress !== undefined && { campusAddress: options.campusAddress }),
    ...(options.viewerIsOwner && {
      dob: row.dob,
      hasPassword: options.hasPassword ?? false,
      hiddenFromClass: row.hiddenFromClass,
      superlativesOptOut: row.superlativesOptOut,
    }),
  };
}
