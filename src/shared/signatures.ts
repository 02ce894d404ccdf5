// Signatures (issue #52, decision 040): a named message in someone's yearbook, one per writer and
// recipient, shown on the recipient's signatures page once they approve it. Never anonymous: every
// signature carries its writer.
import * as z from 'zod/mini';
import { SIGNATURE_MAX_LENGTH, SIGNATURE_MESSAGES, SIGNATURE_STATUSES } from './values/signatures';

// Control characters other than line breaks can hide or reorder text (as in a post: post-content.ts).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL_CHARACTERS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** A signature's text as the server takes it: a post's rules (trimmed, `\n` line breaks, 1-256). */
export const signatureContentSchema = z.pipe(
  z.pipe(
    z.string({ error: SIGNATURE_MESSAGES.contentRequired }),
    z.transform((value: string) => value.replace(/\r\n?/g, '\n').trim()),
  ),
  z.string().check(
    z.minLength(1, SIGNATURE_MESSAGES.contentRequired),
    z.maxLength(SIGNATURE_MAX_LENGTH, SIGNATURE_MESSAGES.contentTooLong),
    z.refine((value) => !CONTROL_CHARACTERS.test(value), SIGNATURE_MESSAGES.controlCharacters),
  ),
);

/** PUT /api/profiles/{username}/signature: write or edit mine, until it is approved. */
export const writeSignatureRequestSchema = z.strictObject({
  content: signatureContentSchema,
  /** The writer saw the text check's warning ("Post anyway?") and signs anyway (issue #47). */
  postAnyway: z._default(z.boolean({ error: 'postAnyway must be true or false.' }), false),
});
export type WriteSignatureRequest = z.input<typeof writeSignatureRequestSchema>;

/** `?cursor=`: where the previous page ended. */
export const signaturePageQuerySchema = z.strictObject({
  cursor: z.optional(z.string().check(z.maxLength(200, SIGNATURE_MESSAGES.badPage))),
});

export const signatureWriterSchema = z.object({
  username: z.string(),
  fullName: z.string(),
  profilePictureUrl: z.nullable(z.string()),
});

/** A signature in someone's yearbook, as its page shows it: approved, with its writer. */
export const signatureSchema = z.object({
  id: z.string(),
  content: z.string(),
  writer: signatureWriterSchema,
  /** When it was approved (when it went into the book). */
  approvedAt: z.string(),
  viewer: z.object({
    /** The yearbook's owner may remove any signature in it. */
    canRemove: z.boolean(),
  }),
});
export type Signature = z.infer<typeof signatureSchema>;

export const signaturePageSchema = z.object({
  signatures: z.array(signatureSchema),
  nextCursor: z.nullable(z.string()),
});
export type SignaturePage = z.infer<typeof signaturePageSchema>;

/** A signature waiting for its recipient (GET /api/signatures/pending): Approve or Remove. */
export const pendingSignatureSchema = z.object({
  id: z.string(),
  content: z.string(),
  writer: signatureWriterSchema,
  /** When it was written or last edited. */
  updatedAt: z.string(),
});
export type PendingSignature = z.infer<typeof pendingSignatureSchema>;

export const pendingSignaturePageSchema = z.object({
  signatures: z.array(pendingSignatureSchema),
  nextCursor: z.nullable(z.string()),
});
export type PendingSignaturePage = z.infer<typeof pendingSignaturePageSchema>;

/** The viewer's own signature in someone's yearbook ("Waiting for approval"), or null. */
export const mySignatureSchema = z.object({
  signature: z.nullable(
    z.object({
      id: z.string(),
      content: z.string(),
      status: z.enum(SIGNATURE_STATUSES),
      createdAt: z.string(),
      updatedAt: z.string(),
      approvedAt: z.nullable(z.string()),
    }),
  ),
});
export type MySignature = z.infer<typeof mySignatureSchema>;

export * from './values/signatures';
