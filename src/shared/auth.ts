import * as z from 'zod/mini';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits';
import { hasControlCharacters } from './text-rules';
import { AUTH_FORM_MESSAGES, EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './values/auth-forms';

/** SPEC §5: one identifier field; containing @ means email, otherwise a username. */
export const signInRequestSchema = z.object({
  identifier: z
    .string()
    .check(z.trim(), z.minLength(1, AUTH_FORM_MESSAGES.identifierRequired), z.maxLength(EMAIL_MAX_LENGTH)),
  password: z
    .string()
    .check(z.minLength(1, AUTH_FORM_MESSAGES.passwordRequired), z.maxLength(PASSWORD_MAX_LENGTH)),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

export const emailSchema = z
  .email({ pattern: EMAIL_PATTERN, error: AUTH_FORM_MESSAGES.invalidEmail })
  .check(z.maxLength(EMAIL_MAX_LENGTH));
const newPasswordSchema = z
  .string()
  .check(
    z.minLength(PASSWORD_MIN_LENGTH, AUTH_FORM_MESSAGES.passwordTooShort),
    z.maxLength(PASSWORD_MAX_LENGTH, AUTH_FORM_MESSAGES.passwordTooLong),
  );

/**
 * Where the account service may send the browser afterwards: a path of this site ("/profile/setup"),
 * never another site and never a scheme such as javascript:.
 */
const sitePathSchema = z.string().check(
  z.maxLength(200, 'That address is too long.'),
  z.refine(
    (value) => /^\/(?![/\\])[^\s\\]*$/.test(value),
    'Give a path on this site, such as /profile/setup.',
  ),
);

/** A display name better-auth keeps for the account (the profile has its own full name). */
const accountNameSchema = z.string().check(
  z.trim(),
  z.minLength(1, 'name is required.'),
  z.maxLength(100, 'The name can be at most 100 characters.'),
  z.refine(
    (value) => !hasControlCharacters(value),
    'Please remove special control characters from the name.',
  ),
);

// Bodies of the account service's endpoints the app uses (POST /api/auth/...), checked before
// better-auth reads them: nothing else (no picture address, no extra field) reaches it.

/** POST /api/auth/sign-up/email */
export const signUpRequestSchema = z.strictObject({
  email: emailSchema,
  password: newPasswordSchema,
  name: accountNameSchema,
  callbackURL: z.optional(sitePathSchema),
});

/** POST /api/auth/request-password-reset */
export const passwordResetRequestSchema = z.strictObject({
  email: emailSchema,
  redirectTo: z.optional(sitePathSchema),
});

/** POST /api/auth/send-verification-email: a new confirmation link, when the first expired or broke. */
export const resendConfirmationRequestSchema = z.strictObject({
  email: emailSchema,
  callbackURL: z.optional(sitePathSchema),
});

/** POST /api/auth/reset-password */
export const resetPasswordRequestSchema = z.strictObject({
  token: z.string().check(z.minLength(1, 'token is required.'), z.maxLength(200, 'That link is not valid.')),
  newPassword: newPasswordSchema,
});

/** POST /api/auth/sign-in/social */
export const socialSignInRequestSchema = z.strictObject({
  provider: z.literal('google', { error: 'Only Google sign-in is offered.' }),
  callbackURL: z.optional(sitePathSchema),
  errorCallbackURL: z.optional(sitePathSchema),
});

/** POST /api/auth/sign-out */
export const signOutRequestSchema = z.strictObject({});

/** The query of a mail link back to the account service (confirm the address, reset the password). */
/**
 * POST /api/auth/verify-email: the confirmation page's button (a form, or JSON), with the token of the
 * mailed link (issue #43: opening the link alone confirms nothing).
 */
export const confirmEmailRequestSchema = z.strictObject({
  token: z
    .string()
    .check(z.minLength(1, 'That link is not valid.'), z.maxLength(2000, 'That link is not valid.')),
});

export const mailLinkQuerySchema = z.object({
  token: z.optional(z.string().check(z.maxLength(2000, 'That link is not valid.'))),
  callbackURL: z.optional(sitePathSchema),
});

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
});

/**
 * What the signed-in viewer may use beyond their own posts and profile, as the server's policies say
 * (src/server/auth/policies.ts): the web shows menu items and opens staff screens from these alone.
 */
export const sessionPermissionsSchema = z.object({
  /** The reports page: resolve, delete and suspend from a post's card. */
  manageReports: z.boolean(),
  /** The askline review queue. */
  reviewAsklines: z.boolean(),
  /** Manage users: roles and suspensions. */
  manageUsers: z.boolean(),
  /** The dashboard notice. */
  editNotice: z.boolean(),
  /** The moderation log, and lifting suspensions made through anonymous posts. */
  readModerationLog: z.boolean(),
  /** The words admins add to the text check's lists (issue #47). */
  manageWordLists: z.boolean(),
  /** A class's book (issue #52): the check, making it and downloading it, for any class. */
  makeClassBooks: z.boolean(),
});
export type SessionPermissions = z.infer<typeof sessionPermissionsSchema>;

export const sessionProfileSchema = z.object({
  username: z.string(),
  fullName: z.string(),
  userType: z.enum(['admin', 'moderator', 'ordinary']),
  /** Null without a picture; absent in sessions cached before pictures existed. */
  profilePictureUrl: z.optional(z.nullable(z.string())),
  permissions: sessionPermissionsSchema,
});

/** GET /api/session: who is signed in, and whether they still need to set up a profile. */
export const sessionResponseSchema = z.object({
  user: z.nullable(sessionUserSchema),
  profile: z.nullable(sessionProfileSchema),
  needsProfileSetup: z.boolean(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export * from './values/auth';
