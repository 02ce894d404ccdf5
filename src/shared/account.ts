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
    /**
     * The account's anonymous posts still up (decision 019): they stay, with no author, when the
     * account goes, unless deleted first; deleting asks to choose when there are any.
     */
    anonymousPosts: z.number(),
  }),
  /** Where the account's latest request to change its email stands (null: none worth telling). */
  emailChange: z.nullable(
    z.object({
      /**
       * `approve`: waiting for the current address to approve; `confirm`: approved, waiting for the
       * new address to confirm; `expired`: its link ran out before it was done; `changed`: done.
       */
      state: z.enum(['approve', 'confirm', 'expired', 'changed']),
      fromEmail: z.string(),
      toEmail: z.string(),
      /** When its link stops working (`approve`, `confirm`), stopped (`expired`), or it was done. */
      at: z.string(),
    }),
  ),
});
export type Account = z.infer<typeof accountSchema>;
export type EmailChangeState = NonNullable<Account['emailChange']>;

/** DELETE /api/account. */
export const deleteAccountRequestSchema = z.strictObject({
  confirmation: z.string().check(z.maxLength(320)),
  password: z.optional(z.string().check(z.maxLength(128))),
  /** The choice for the anonymous posts still up: left up, with no author (required when there are any). */
  anonymousPosts: z.optional(z.literal('leave')),
});
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;

export const deleteAccountResponseSchema = z.object({ deleted: z.literal(true) });

/** DELETE /api/account/anonymous-posts: the account's anonymous posts taken down, now (how many). */
export const deletedAnonymousPostsSchema = z.object({ deleted: z.number() });

/** POST /api/account/email: a new address, approved from the current one, then confirmed by itself. */
export const changeEmailRequestSchema = z.strictObject({
  newEmail: emailSchema,
  password: z.optional(z.string().check(z.maxLength(128))),
});
export type ChangeEmailRequest = z.input<typeof changeEmailRequestSchema>;

/** The approval link went to the current address (`approvalSentTo`); `newEmail` gets its own after. */
export const changeEmailResponseSchema = z.object({ approvalSentTo: z.string(), newEmail: z.string() });

/**
 * A link of an email change, as mailed (issue #43): `?token=` in the page's address, and the body the
 * page's button sends (a form, so it works before the page's script; JSON too).
 */
export const emailChangeLinkSchema = z.strictObject({
  token: z.string().check(z.minLength(1), z.maxLength(200)),
});

/**
 * GET /api/account/email/link: what a live link of the signed-in account would do. `approve`: the
 * current address lets the change go on; `confirm`: the new address confirms itself, and the change
 * happens.
 */
export const emailChangeStepSchema = z.object({
  step: z.enum(['approve', 'confirm']),
  fromEmail: z.string(),
  toEmail: z.string(),
});
export type EmailChangeStep = z.infer<typeof emailChangeStepSchema>;

/** What pressing a link's button did, as the page that follows says it (`?outcome=`). */
export const emailChangeOutcomeSchema = z.object({ outcome: z.enum(['approved', 'changed']) });

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
