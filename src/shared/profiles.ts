// Profiles: the rules of SPEC §5 for every field, the request and response shapes of /api/profiles.
// The server refuses with these messages; the forms show the same ones before sending.
import * as z from 'zod/mini';
import { INSTITUTIONS } from './institutions';
import {
  BIO_MAX_LENGTH,
  GRADUATION_YEAR_MAX,
  GRADUATION_YEAR_MIN,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from './limits';
import {
  FULL_NAME_MAX_LENGTH,
  INSTAGRAM_HOSTS,
  isLinkTo,
  isReservedUsername,
  LINKEDIN_HOSTS,
  PROFILE_MESSAGES,
  PROFILE_URL_MAX_LENGTH,
} from './values/profiles';
import { SUPERLATIVE_MESSAGES } from './values/superlatives';

const USERNAME_PATTERN = /^[a-z0-9_](?:[a-z0-9_.]*[a-z0-9_])?$/;

/** SPEC §5: 3–20 letters, digits, underscores and periods; stored lower-case. */
export const usernameSchema = z.string({ error: PROFILE_MESSAGES.usernameLength }).check(
  z.trim(),
  z.toLowerCase(),
  z.minLength(USERNAME_MIN_LENGTH, PROFILE_MESSAGES.usernameLength),
  z.maxLength(USERNAME_MAX_LENGTH, PROFILE_MESSAGES.usernameLength),
  z.regex(USERNAME_PATTERN, PROFILE_MESSAGES.username),
  z.refine((value) => !value.includes('..'), PROFILE_MESSAGES.username),
  z.refine((value) => !isReservedUsername(value), PROFILE_MESSAGES.usernameReserved),
);

// Control characters (other than a newline in the bio) have no place in a name or a link and can
// disguise text; tab and carriage return included.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL_CHARACTERS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

const fullNameSchema = z.string({ error: PROFILE_MESSAGES.fullName }).check(
  z.trim(),
  z.minLength(1, PROFILE_MESSAGES.fullName),
  z.maxLength(FULL_NAME_MAX_LENGTH, PROFILE_MESSAGES.fullNameLength),
  z.refine(
    (value) => !CONTROL_CHARACTERS.test(value) && !value.includes('\n'),
    PROFILE_MESSAGES.controlCharacters,
  ),
);

const bioSchema = z.pipe(
  z.string({ error: PROFILE_MESSAGES.bio }).check(
    z.maxLength(BIO_MAX_LENGTH, PROFILE_MESSAGES.bio),
    z.refine((value) => !CONTROL_CHARACTERS.test(value), PROFILE_MESSAGES.controlCharacters),
  ),
  z.transform((value: string) => value.trim()),
);

/** An optional link to a profile elsewhere: '' or null mean none; anything else must be on the site. */
function siteLinkSchema(hosts: readonly string[], message: string) {
  const link = z.string({ error: message }).check(
    z.trim(),
    z.maxLength(PROFILE_URL_MAX_LENGTH, message),
    z.refine((value) => value === '' || (isLinkTo(value, hosts) && !CONTROL_CHARACTERS.test(value)), message),
  );
  return z.pipe(
    z.nullable(
      z.pipe(
        link,
        z.transform((value: string) => (value === '' ? null : value)),
      ),
    ),
    z.transform((value: string | null) => value ?? null),
  );
}

const OLDEST_DOB = '1900-01-01';

// The server cannot know the person's time zone, so it allows the date that is already "today"
// somewhere on Earth (UTC+14); the form checks against the person's own calendar.
function latestAllowedDob(): string {
  return new Date(Date.now() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

const dobSchema = z.pipe(
  z
    .union([z.literal(''), z.null(), z.iso.date({ error: PROFILE_MESSAGES.dob })], {
      error: PROFILE_MESSAGES.dob,
    })
    .check(
      z.refine((value) => !value || value >= OLDEST_DOB, PROFILE_MESSAGES.dob),
      z.refine((value) => !value || value <= latestAllowedDob(), PROFILE_MESSAGES.dobFuture),
    ),
  z.transform((value: string | null) => value || null),
);

/** The fields a person fills in on setup and on Edit Profile (all but the username and photo). */
export const profileFieldsSchema = z.strictObject({
  fullName: fullNameSchema,
  bio: z._default(bioSchema, ''),
  instagramUrl: z._default(siteLinkSchema(INSTAGRAM_HOSTS, PROFILE_MESSAGES.instagramUrl), null),
  linkedinUrl: z._default(siteLinkSchema(LINKEDIN_HOSTS, PROFILE_MESSAGES.linkedinUrl), null),
  institution: z.enum(INSTITUTIONS, { error: PROFILE_MESSAGES.institution }),
  graduationYear: z
    .number({ error: PROFILE_MESSAGES.graduationYear })
    .check(
      z.int(PROFILE_MESSAGES.graduationYear),
      z.gte(GRADUATION_YEAR_MIN, PROFILE_MESSAGES.graduationYear),
      z.lte(GRADUATION_YEAR_MAX, PROFILE_MESSAGES.graduationYear),
    ),
  dob: z._default(dobSchema, null),
});

/** POST /api/profiles: the signed-in account's first and only profile. */
export const createProfileRequestSchema = z.extend(profileFieldsSchema, { username: usernameSchema });
export type CreateProfileRequest = z.input<typeof createProfileRequestSchema>;

/** SPEC §5 password change: the three checks, in the order the form reports them. */
export function checkPasswordChange(
  value: { currentPassword: string; newPassword: string; confirmPassword: string },
  ctx: z.core.$RefinementCtx,
): void {
  if (!value.currentPassword) {
    ctx.addIssue({
      code: 'custom',
      path: ['currentPassword'],
      message: PROFILE_MESSAGES.currentPasswordRequired,
    });
  } else if (value.newPassword !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PROFILE_MESSAGES.passwordsDiffer });
  } else if (value.newPassword.length < PASSWORD_MIN_LENGTH) {
    ctx.addIssue({ code: 'custom', path: ['newPassword'], message: PROFILE_MESSAGES.passwordLength });
  }
}

export const passwordChangeSchema = z
  .strictObject({
    currentPassword: z._default(z.string().check(z.maxLength(128)), ''),
    newPassword: z.string().check(z.maxLength(128, 'Password must be at most 128 characters')),
    confirmPassword: z._default(z.string().check(z.maxLength(128)), ''),
  })
  .check(z.superRefine(checkPasswordChange));

/** PATCH /api/profiles/{username}: every field again; a password change only when one is given. */
export const updateProfileRequestSchema = z.extend(profileFieldsSchema, {
  passwordChange: z.optional(passwordChangeSchema),
  /** Leave (true) or rejoin (false) one's class page (issue #52); left out, it stays as it is. */
  hiddenFromClass: z.optional(z.boolean({ error: 'Please say whether to hide you from your class page.' })),
  /**
   * Leave (true) or rejoin (false) superlatives (issue #52, decision 042): not nominated, on no ballot,
   * no winner; leaving drops one's nominations in an open round. Left out, it stays as it is.
   */
  superlativesOptOut: z.optional(z.boolean({ error: SUPERLATIVE_MESSAGES.optOutField })),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

export const usernameAvailabilityQuerySchema = z.strictObject({ username: usernameSchema });

export const usernameAvailabilitySchema = z.object({
  username: z.string(),
  available: z.boolean(),
});
export type UsernameAvailability = z.infer<typeof usernameAvailabilitySchema>;

/** A profile as the profile page shows it (SPEC §2 header). */
export const profileSchema = z.object({
  username: z.string(),
  fullName: z.string(),
  bio: z.string(),
  instagramUrl: z.nullable(z.string()),
  linkedinUrl: z.nullable(z.string()),
  institution: z.enum(INSTITUTIONS),
  graduationYear: z.number(),
  profilePictureUrl: z.nullable(z.string()),
  joinedAt: z.string(),
  /** Named posts only: anonymous posts never count (SPEC §2). */
  stats: z.object({ posts: z.number(), likes: z.number() }),
  /** What the viewer may do with it (the UI hides what they may not). */
  viewerIsOwner: z.boolean(),
  /**
   * Only where the operator allows campus addresses alone (ALLOWED_EMAIL_DOMAINS): whether the
   * account's confirmed address is a campus one ("Verified campus address").
   */
  campusAddress: z.optional(z.boolean()),
  /**
   * Another member's view (issue #48): whether they blocked or muted this person, and whether they may
   * (only with a profile of their own). Absent from the owner's own answer.
   */
  controls: z.optional(
    z.object({ blocked: z.boolean(), muted: z.boolean(), canBlock: z.boolean(), canMute: z.boolean() }),
  ),
  /** The owner's own details, only in the owner's answer. */
  dob: z.optional(z.nullable(z.string())),
  hasPassword: z.optional(z.boolean()),
  /** Whether they left their class page (issue #52). */
  hiddenFromClass: z.optional(z.boolean()),
  /** Whether they left superlatives (issue #52), only in the owner's answer. */
  superlativesOptOut: z.optional(z.boolean()),
});
export type Profile = z.infer<typeof profileSchema>;

export const updateProfileResponseSchema = z.object({
  profile: profileSchema,
  passwordChanged: z.boolean(),
});
export type UpdateProfileResponse = z.infer<typeof updateProfileResponseSchema>;

export * from './values/profiles';
