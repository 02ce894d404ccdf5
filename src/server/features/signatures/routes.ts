import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { idParamsSchema } from '../../../shared/path-params';
import { PROFILE_MESSAGES, usernameSchema } from '../../../shared/profiles';
import {
  mySignatureSchema,
  pendingSignaturePageSchema,
  SIGNATURE_MESSAGES,
  signaturePageQuerySchema,
  signaturePageSchema,
  writeSignatureRequestSchema,
} from '../../../shared/signatures';
import { AppError } from '../../app-error';
import { allow } from '../../auth/guard';
import { authorizeMember } from '../../auth/policies';
import { loadViewer, type ViewerDeps } from '../../auth/viewer';
import { type Db, queryRows } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { describeRoute } from '../../http/describe-route';
import { rateLimit } from '../../http/rate-limits';
import type { RateLimiter } from '../../platform/rate-limit';
import type { ObjectStorage } from '../../platform/storage';
import { refuseUnanswered } from '../posts';
import { type CurrentTextChecker, checkText } from '../safety';
import { approveSignature, removeSignature, withdrawSignature } from './decide-signature';
import { listSignatures } from './list-signatures';
import { presentOwnSignature, presentPendingSignature, presentSignature } from './present-signature';
import { findOwnSignature, writeSignature } from './write-signature';

export interface SignatureDeps extends ViewerDeps {
  storage: ObjectStorage;
  rateLimiter: RateLimiter;
  /** The text check's word lists as admins extended them (features/safety). */
  textChecker: CurrentTextChecker;
  /** Tells every instance that this person's notifications may have changed (their live bell). */
  announceNotification?: (userId: string) => void;
}

const member = allow((viewer) => authorizeMember(viewer, SIGNATURE_MESSAGES.signedOut));
const missing = () => new AppError('not_found', SIGNATURE_MESSAGES.missing);

const book = describeRoute({
  summary:
    "A person's yearbook: the signatures they approved, newest first, each with its writer (never anyone between whom and the viewer or the owner there is a block)",
  tag: 'signatures',
  access: 'members with a profile; 404 where there is a block between the viewer and the owner',
  query: signaturePageQuerySchema,
  answer: signaturePageSchema,
});
const mine = describeRoute({
  summary: "The viewer's own signature in this person's yearbook, pending or approved, or null",
  tag: 'signatures',
  access: 'members with a profile, about someone else',
  answer: mySignatureSchema,
});
const write = describeRoute({
  summary:
    "Sign this person's yearbook, or edit one's signature there until it is approved: named, through the text check; its recipient is told of a new one",
  tag: 'signatures',
  access: 'members with a profile, about someone else with no block between them',
  body: writeSignatureRequestSchema,
  answer: mySignatureSchema,
});
const withdraw = describeRoute({
  summary: "Withdraw one's signature from this person's yearbook while it waits for approval",
  tag: 'signatures',
  access: 'its writer',
  answer: 'none',
  status: 204,
});
const pending = describeRoute({
  summary: 'The signatures waiting for the viewer to approve them, newest first',
  tag: 'signatures',
  access: 'members with a profile (their own)',
  query: signaturePageQuerySchema,
  answer: pendingSignaturePageSchema,
});
const approve = describeRoute({
  summary: 'Approve a signature in one’s own yearbook: it is shown there from now on',
  tag: 'signatures',
  access: 'its recipient',
  params: idParamsSchema,
  answer: 'none',
  status: 204,
});
const remove = describeRoute({
  summary: 'Remove a signature from one’s own yearbook, pending or approved',
  tag: 'signatures',
  access: 'its recipient',
  params: idParamsSchema,
  answer: 'none',
  status: 204,
});

/**
 * The account behind a username, when there is no block between it and the viewer either way: else
 * (and for a username that names nobody) 404 with the profile's message, telling nothing more.
 */
async function findRecipient(db: Db, raw: string, viewerId: string): Promise<{ userId: string }> {
  const parsed = usernameSchema.safeParse(raw);
  const [row] = parsed.success
    ? await queryRows<{ user_id: string }>(
        db,
        sql`select p.user_id from profiles p where p.username = ${parsed.data.toLowerCase()}
            and not exists (select 1 from blocks b
              where (b.blocker_id = p.user_id and b.blocked_id = ${viewerId})
                 or (b.blocker_id = ${viewerId} and b.blocked_id = p.user_id))`,
      )
    : [];
  if (!row) throw new AppError('not_found', PROFILE_MESSAGES.userMissing(raw.slice(0, 40)));
  return { userId: row.user_id };
}

/** Someone else's: one's own yearbook is not signed (403, with why). */
async function otherRecipient(db: Db, raw: string, viewerId: string) {
  const recipient = await findRecipient(db, raw, viewerId);
  if (recipient.userId === viewerId) throw new AppError('forbidden', SIGNATURE_MESSAGES.yourself);
  return recipient;
}

/** /api/profiles/{username}/signature(s): a person's yearbook, and one's own signature in it. */
export function profileSignatureRoutes(deps: SignatureDeps) {
  const { db, storage, rateLimiter } = deps;
  return new Hono<AppEnv>()
    .use(loadViewer(deps))
    .get('/:username/signatures', book.doc, member, async (c) => {
      const viewerId = c.var.caller.userId;
      const { cursor } = book.query(c);
      const owner = await findRecipient(db, c.req.param('username'), viewerId);
      const page = await listSignatures({
        db,
        recipientId: owner.userId,
        viewerId,
        status: 'approved',
        cursor,
      });
      const isOwner = owner.userId === viewerId;
      return c.json({
        signatures: page.rows.map((row) => presentSignature(row, storage, isOwner)),
        nextCursor: page.nextCursor,
      });
    })
    .get('/:username/signature', mine.doc, member, async (c) => {
      const writerId = c.var.caller.userId;
      const recipient = await otherRecipient(db, c.req.param('username'), writerId);
      return c.json(
        presentOwnSignature(await findOwnSignature(db, { writerId, recipientId: recipient.userId })),
      );
    })
    .put(
      '/:username/signature',
      write.doc,
      member,
      rateLimit(rateLimiter, 'signatureWrite', 'account'),
      async (c) => {
        const writerId = c.var.caller.userId;
        const fields = await write.body(c);
        const recipient = await otherRecipient(db, c.req.param('username'), writerId);
        const own = await findOwnSignature(db, { writerId, recipientId: recipient.userId });
        // Refused before the text is checked: the answer to an approved one never depends on new words.
        if (own?.status === 'approved') throw new AppError('conflict', SIGNATURE_MESSAGES.alreadyApproved);
        // A signature is named: the check that an anonymous text names no member does not apply.
        const found = refuseUnanswered(
          await checkText({
            db,
            checker: deps.textChecker,
            text: fields.content,
            anonymous: false,
            authorId: writerId,
          }),
          fields,
        );
        if (found.verdict === 'hold') {
          throw new AppError('validation_failed', SIGNATURE_MESSAGES.held, {
            field: 'content',
            reasons: found.reasons,
          });
        }
        const written = await writeSignature(db, {
          writerId,
          recipientId: recipient.userId,
          content: fields.content,
        });
        // Approved between the read and the write.
        if (!written) throw new AppError('conflict', SIGNATURE_MESSAGES.alreadyApproved);
        if (written.told) deps.announceNotification?.(written.told);
        return c.json(presentOwnSignature(written.row));
      },
    )
    .delete('/:username/signature', withdraw.doc, member, async (c) => {
      const writerId = c.var.caller.userId;
      const recipient = await otherRecipient(db, c.req.param('username'), writerId);
      const outcome = await withdrawSignature(db, { writerId, recipientId: recipient.userId });
      if (outcome === 'approved') throw new AppError('conflict', SIGNATURE_MESSAGES.approvedStays);
      if (outcome === 'none') throw new AppError('not_found', SIGNATURE_MESSAGES.nothingToWithdraw);
      return c.body(null, 204);
    });
}

/** /api/signatures: the recipient's side, their pending signatures, approving and removing. */
export function signatureRoutes(deps: SignatureDeps) {
  const { db, storage } = deps;
  return new Hono<AppEnv>()
    .use(loadViewer(deps))
    .get('/pending', pending.doc, member, async (c) => {
      const viewerId = c.var.caller.userId;
      const { cursor } = pending.query(c);
      const page = await listSignatures({ db, recipientId: viewerId, viewerId, status: 'pending', cursor });
      return c.json({
        signatures: page.rows.map((row) => presentPendingSignature(row, storage)),
        nextCursor: page.nextCursor,
      });
    })
    .post('/:id/approval', approve.doc, member, async (c) => {
      const params = approve.params(c);
      if (!params) throw missing();
      const approved = await approveSignature(db, { id: params.id, recipientId: c.var.caller.userId });
      if (!approved) throw missing();
      return c.body(null, 204);
    })
    .delete('/:id', remove.doc, member, async (c) => {
      const params = remove.params(c);
      if (!params) throw missing();
      if (!(await removeSignature(db, { id: params.id, recipientId: c.var.caller.userId }))) throw missing();
      return c.body(null, 204);
    });
}
