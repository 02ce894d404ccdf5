// "Your data and account" (issue #27): what the account page is told, and the request that deletes an
// account. The server decides what the person must give; the page asks for exactly that.
import * as z from 'zod/mini';
import { emailSchema } from './auth';

/** GET /api/account: the signed-in account as its owner sees it. */
export const accountSchema = z.object({
  email: z.string(),
  /** Null before the profile is set up. */
  username: z.nullable(z.string()),
  /** What deleting asks for: the password, or (accounts without one) a recent Google sign-in. */
  deletion: z.object({
    /** Typed exactly to confirm: the username, or the email before a profile exists. */
    confirmationPhrase: z.string(),
    needsPassword: z.boolean(),
    /** Without a password: whether this session's sign-in is recent enough to delete now. */
    signInFresh: z.boolean(),
  }),
});
export type Account = z.infer<typeof accountSchema>;

/** DELETE /api/account. */
export const deleteAccountRequestSchema = z.strictObject({
  confirmation: z.string().check(z.maxLength(320)),
  password: z.optional(z.string().check(z.maxLength(128))),
});
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;

export const deleteAccountResponseSchema = z.object({ deleted: z.literal(true) });

/** POST /api/account/email: a new address, approved from the current one, then confirmed by itself. */
export const changeEmailRequestSchema = z.strictObject({
  newEmail: emailSchema,
  password: z.optional(z.string().check(z.maxLength(128))),
});
export type ChangeEmailRequest = z.input<typeof changeEmailRequestSchema>;

/** The approval link went to the current address (`approvalSentTo`); `newEmail` gets its own after. */
export const changeEmailResponseSchema = z.object({ approvalSentTo: z.string(), newEmail: z.string() });

/** One signed-in device, as its owner sees it (GET /api/account/sessions). */
export const deviceSchema = z.object({
  /** The session's id (never its token): what signing it out names. */
  id: z.string(),
  /** "Chrome on Android", read from the browser's own description. */
  browser: z.string(),
  signedInAt: z.string(),
  /** Approximate: a session's activity is written at most once a day. */
  lastActiveAt: z.string(),
  /** The device asking. */
  current: z.boolean(),
});
export type Device = z.infer<typeof deviceSchema>;

export const devicesSchema = z.object({ devices: z.array(deviceSchema) });
export type Devices = z.infer<typeof devicesSchema>;

export const signedOutSchema = z.object({ signedOut: z.number() });

export * from './values/account';
