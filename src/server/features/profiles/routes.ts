import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  createProfileRequestSchema,
  PROFILE_MESSAGES,
  type Profile,
  profileSchema,
  updateProfileRequestSchema,
  updateProfileResponseSchema,
  usernameAvailabilityQuerySchema,
  usernameAvailabilitySchema,
  usernameSchema,
} from '../../../shared/profiles';
import { AppError } from '../../app-error';
import { allow } from '../../auth/guard';
import { authorize, authorizeSignedIn, can } from '../../auth/policies';
import { loadViewer, type Viewer, type ViewerDeps } from '../../auth/viewer';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { describeRoute } from '../../http/describe-route';
import { enforceLimit, rateLimit } from '../../http/rate-limits';
import { parseOrRefuse } from '../../http/validate';
import { PHOTO_UPLOAD_MAX_BYTES, TOO_LARGE_UPLOAD } from '../../platform/images';
import type { RateLimiter } from '../../platform/rate-limit';
import type { ObjectStorage } from '../../platform/storage';
import { campusAddressOf } from './campus-address';
import { createProfile } from './create-profile';
import { findProfileByUsername, isUsernameTaken, userHasPassword } from './find-profile';
import { type ProfileRow, presentProfile } from './present-profile';
import { setProfilePhoto } from './set-profile-photo';
import { updateProfile } from './update-profile';

interface ProfileDeps extends ViewerDeps {
  storage: ObjectStorage;
  rateLimiter: RateLimiter;
  /** ALLOWED_EMAIL_DOMAINS: profiles at these show the campus address mark (none: no mark). */
  allowedEmailDomains: string[];
}

/**
 * Only a profile's owner changes it. Visitors get 401 before any look-up (`owner`), so they learn
 * nothing about which usernames exist; the ownership is asked once the profile is found.
 */
const owner = allow((viewer) => authorizeSignedIn(viewer, PROFILE_MESSAGES.updateSignedOut));
const creator = allow((viewer) => authorizeSignedIn(viewer, PROFILE_MESSAGES.createSignedOut));

const create = describeRoute({
  summary: 'Set up your profile (once, after signing up)',
  tag: 'profiles',
  access: 'signed in, without a profile yet',
  body: createProfileRequestSchema,
  answer: profileSchema,
  status: 201,
});
const one = describeRoute({
  summary:
    "A member's profile page header, with the viewer's block and mute of it (missing to someone its owner blocked)",
  tag: 'profiles',
  access: 'signed in',
  answer: profileSchema,
});
const update = describeRoute({
  summary: 'Edit your profile, and change your password with the current one',
  tag: 'profiles',
  access: 'the owner',
  body: updateProfileRequestSchema,
  answer: updateProfileResponseSchema,
});
const photo = describeRoute({
  summary: 'Replace your profile picture (an image up to 1 MB; made a JPEG up to 1200 px)',
  tag: 'profiles',
  access: 'the owner',
  upload: 'image/*',
  answer: profileSchema,
});
const availability = describeRoute({
  summary: 'Whether a username is free (the live check of profile setup)',
  tag: 'profiles',
  access: 'signed in',
  answer: usernameAvailabilitySchema,
});

/**
 * /api/profiles: create your profile, read anyone's (signed in, SPEC §2 route table), edit your own
 * and change its picture. /api/usernames/{name}: the live availability check of profile setup.
 */
export function profileRoutes(deps: ProfileDeps) {
  const { db, storage, rateLimiter } = deps;
  const present = async (
    row: ProfileRow,
    options: { viewerIsOwner: boolean; hasPassword?: boolean; mayControl?: boolean },
  ): Promise<Profile> =>
    presentProfile(row, {
      ...options,
      storage,
      campusAddress: await campusAddressOf(db, row.userId, deps.allowedEmailDomains),
    });

  return new Hono<AppEnv>()
    .use(loadViewer(deps))
    .post('/', create.doc, creator, rateLimit(rateLimiter, 'profileCreate', 'account'), async (c) => {
      const viewer = c.var.caller;
      const fields = await create.body(c);
      const row = await createProfile({ db, viewer, fields });
      const hasPassword = await userHasPassword(db, viewer.userId);
      return c.json(await present(row, { viewerIsOwner: true, hasPassword }), 201);
    })
    .get('/:username', one.doc, allow(authorizeSignedIn), async (c) => {
      const viewer = c.var.caller;
      // Someone its owner blocked reads it as missing (issue #48, decision 032 rule 4).
      const row = await findProfileOrRefuse(db, c.req.param('username'), viewer.userId);
      const viewerIsOwner = row.userId === viewer.userId;
      const hasPassword = viewerIsOwner ? await userHasPassword(db, viewer.userId) : undefined;
      const mayControl = can(viewer, 'controls:use', { ownerId: row.userId });
      return c.json(await present(row, { viewerIsOwner, hasPassword, mayControl }));
    })
    .patch('/:username', update.doc, owner, async (c) => {
      const viewer = await authorizeOwner(db, c.var.caller, c.req.param('username'));
      await enforceLimit(rateLimiter, 'profileUpdate', `user:${viewer.userId}`);
      const fields = await update.body(c);
      // Guessing the current password here is limited on its own, and counts as a guess at the
      // account's password too (in updateProfile): one count per account across every way of trying it.
      if (fields.passwordChange) await enforceLimit(rateLimiter, 'passwordChange', `user:${viewer.userId}`);
      const { profile, setCookies } = await updateProfile({
        ...deps,
        viewer,
        fields,
        headers: c.req.raw.headers,
      });
      for (const cookie of setCookies) c.header('Set-Cookie', cookie, { append: true });
      const hasPassword = await userHasPassword(db, viewer.userId);
      return c.json({
        profile: await present(profile, { viewerIsOwner: true, hasPassword }),
        passwordChanged: Boolean(fields.passwordChange),
      });
    })
    .put(
      '/:username/photo',
      photo.doc,
      bodyLimit({
        maxSize: PHOTO_UPLOAD_MAX_BYTES,
        onError: () => {
          throw new AppError('payload_too_large', TOO_LARGE_UPLOAD);
        },
      }),
      owner,
      async (c) => {
        const viewer = await authorizeOwner(db, c.var.caller, c.req.param('username'));
        await enforceLimit(rateLimiter, 'profilePhoto', `user:${viewer.userId}`);
        const upload = new Uint8Array(await c.req.arrayBuffer());
        // The request's signal: a client gone before the change is committed gets no change.
        const profile = await setProfilePhoto({
          db,
          storage,
          viewer,
          upload,
          log: c.get('log'),
          signal: c.req.raw.signal,
        });
        const hasPassword = await userHasPassword(db, viewer.userId);
        return c.json(await present(profile, { viewerIsOwner: true, hasPassword }));
      },
    );
}

export function usernameRoutes(deps: ProfileDeps) {
  const limit = rateLimit(deps.rateLimiter, 'usernameCheck', 'account');
  return new Hono<AppEnv>()
    .use(loadViewer(deps))
    .get('/:username', availability.doc, allow(authorizeSignedIn), limit, async (c) => {
      const { username } = parseOrRefuse(usernameAvailabilityQuerySchema, {
        username: c.req.param('username'),
      });
      return c.json({ username, available: !(await isUsernameTaken(deps.db, username)) });
    });
}

/**
 * The profile behind a username, or 404 with the spec's message: also when its owner blocked the
 * viewer, whom the answer must not tell.
 */
async function findProfileOrRefuse(db: Db, rawUsername: string, viewerId: string | null = null) {
  const parsed = usernameSchema.safeParse(rawUsername);
  const row = parsed.success ? await findProfileByUsername(db, parsed.data, viewerId) : null;
  if (!row || row.viewerControls.blocksViewer) {
    throw new AppError('not_found', PROFILE_MESSAGES.userMissing(rawUsername.slice(0, 40)));
  }
  return row;
}

/** Ownership, asked once the profile is found (`owner` let only signed-in callers this far). */
async function authorizeOwner(db: Db, viewer: Viewer, username: string): Promise<Viewer> {
  const row = await findProfileOrRefuse(db, username);
  return authorize(
    viewer,
    'profile:update',
    { ownerId: row.userId },
    { forbidden: PROFILE_MESSAGES.notOwner },
  );
}
