// Signatures over HTTP on a real database (issue #52, decision 040): one named signature per writer
// and recipient, editable until its recipient approves it, shown in their yearbook only once
// approved; the recipient removes any, the writer withdraws a pending one; blocks either way read as
// missing; the text check's verdicts; the recipient told once; the export; deletion.
// @module-tag engine (runs on both engines: docs/architecture.md, "Tests")
import { eq, or } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type Member } from '../../../../tests/support/accounts';
import {
  callJson,
  NO_RATE_LIMITS,
  okJson,
  startTestServer,
  type TestServer,
} from '../../../../tests/support/test-server';
import { SAFETY_MESSAGES } from '../../../shared/safety';
import {
  type MySignature,
  type PendingSignaturePage,
  SIGNATURE_MESSAGES,
  SIGNATURE_PAGE_SIZE,
  type SignaturePage,
} from '../../../shared/signatures';
import { notifications, signatures } from '../../db/schema';
import { EXPORT_JSON_NAME } from '../account/export-account';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ rateLimiter: NO_RATE_LIMITS });
});
afterAll(() => server.close());

const member = (fullName = 'Priya Raman') => createMember(server, { fullName });
const call = (as: Member | null, method: Parameters<typeof callJson>[1], path: string, body?: unknown) =>
  callJson(server, method, path, as?.cookie, body);
const sign = (as: Member, to: Member | string, content: string, postAnyway?: boolean) =>
  call(as, 'PUT', `/api/profiles/${typeof to === 'string' ? to : to.username}/signature`, {
    content,
    ...(postAnyway === undefined ? {} : { postAnyway }),
  });
const book = async (of: Member, as: Member, cursor?: string): Promise<SignaturePage> =>
  okJson(
    server,
    'GET',
    `/api/profiles/${of.username}/signatures${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
    as.cookie,
  );
const pendingOf = async (as: Member): Promise<PendingSignaturePage> =>
  okJson(server, 'GET', '/api/signatures/pending', as.cookie);
const mine = async (as: Member, to: Member): Promise<MySignature> =>
  okJson(server, 'GET', `/api/profiles/${to.username}/signature`, as.cookie);
const notificationsOf = async (as: Member) =>
  (await okJson(server, 'GET', '/api/notifications', as.cookie)).notifications as {
    kind: string;
    signature?: { id: string; content: string; approved: boolean; writer: { username: string } } | null;
  }[];
const signatureNotes = async (as: Member) =>
  (await notificationsOf(as)).filter((n) => n.kind === 'signature_received');
const block = (as: Member, whom: Member) =>
  okJson(server, 'POST', '/api/controls/blocks', as.cookie, { username: whom.username });
const unblock = (as: Member, whom: Member) => call(as, 'DELETE', `/api/controls/blocks/${whom.username}`);
const rowsBetween = (a: Member, b: Member) =>
  server.database.db
    .select()
    .from(signatures)
    .where(
      or(
        eq(signatures.writerId, a.account.userId),
        eq(signatures.recipientId, a.account.userId),
        eq(signatures.writerId, b.account.userId),
      ),
    );

describe('signing a yearbook', () => {
  it('writes a pending signature the writer sees waiting, the recipient is told once, and edits keep it one', async () => {
    const writer = await member('Arjun Menon');
    const recipient = await member('Priya Raman');
    const first = await sign(writer, recipient, '  Best of luck, Priya!\r\nSee you at the reunion.  ');
    expect(first.status, first.text).toBe(200);
    expect(first.body.signature).toMatchObject({
      content: 'Best of luck, Priya!\nSee you at the reunion.',
      status: 'pending',
      approvedAt: null,
    });
    expect((await mine(writer, recipient)).signature?.status).toBe('pending');
    // Not in the book yet, for anyone: the recipient sees it among their pending ones.
    expect((await book(recipient, writer)).signatures).toEqual([]);
    expect((await book(recipient, recipient)).signatures).toEqual([]);
    const waiting = await pendingOf(recipient);
    expect(waiting.signatures).toHaveLength(1);
    expect(waiting.signatures[0]).toMatchObject({
      id: first.body.signature.id,
      writer: { username: writer.username, fullName: 'Arjun Menon', profilePictureUrl: null },
    });
    const [told] = await signatureNotes(recipient);
    expect(told?.signature).toMatchObject({ approved: false, writer: { username: writer.username } });

    const edited = await sign(writer, recipient, 'Best of luck, Priya! (edited)');
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.signature.id).toBe(first.body.signature.id);
    expect(edited.body.signature.content).toBe('Best of luck, Priya! (edited)');
    // One row per pair, and still one notification: an edit tells nobody again.
    expect(await rowsBetween(writer, recipient)).toHaveLength(1);
    const notes = await signatureNotes(recipient);
    expect(notes).toHaveLength(1);
    expect(notes[0]?.signature?.content).toBe('Best of luck, Priya! (edited)');
    // The writer is told nothing.
    expect(await signatureNotes(writer)).toEqual([]);
  });

  it('shows an approved signature in the book, refuses edits with a 409, and lets the owner remove it', async () => {
    const writer = await member('Kavin Das');
    const recipient = await member('Meera Iyer');
    const viewer = await member('Someone Else');
    const id = (await sign(writer, recipient, 'Stay curious!')).body.signature.id;
    const approved = await call(recipient, 'POST', `/api/signatures/${id}/approval`);
    expect(approved.status, approved.text).toBe(204);
    // Approving twice is the same.
    expect((await call(recipient, 'POST', `/api/signatures/${id}/approval`)).status).toBe(204);
    expect((await pendingOf(recipient)).signatures).toEqual([]);

    for (const as of [viewer, recipient, writer]) {
      const page = await book(recipient, as);
      expect(page.signatures).toHaveLength(1);
      expect(page.signatures[0]).toMatchObject({
        id,
        content: 'Stay curious!',
        writer: { username: writer.username, fullName: 'Kavin Das' },
        viewer: { canRemove: as === recipient },
      });
    }
    const text = JSON.stringify(await book(recipient, viewer));
    expect(text).not.toContain(writer.account.userId);
    expect(text).not.toContain(writer.account.email);
    expect((await mine(writer, recipient)).signature).toMatchObject({ status: 'approved' });
    // The notification is read, and says approved.
    const [note] = await signatureNotes(recipient);
    expect(note?.signature?.approved).toBe(true);

    const edit = await sign(writer, recipient, 'Changed my mind');
    expect(edit.status).toBe(409);
    expect(edit.body.error.message).toBe(SIGNATURE_MESSAGES.alreadyApproved);
    const withdraw = await call(writer, 'DELETE', `/api/profiles/${recipient.username}/signature`);
    expect(withdraw.status).toBe(409);
    expect(withdraw.body.error.message).toBe(SIGNATURE_MESSAGES.approvedStays);
    // Neither changed anything.
    expect((await book(recipient, viewer)).signatures[0]?.content).toBe('Stay curious!');

    // Only the owner removes it: the writer and others are told it does not exist.
    for (const as of [writer, viewer]) {
      const refused = await call(as, 'DELETE', `/api/signatures/${id}`);
      expect(refused.status).toBe(404);
      expect((await call(as, 'POST', `/api/signatures/${id}/approval`)).status).toBe(404);
    }
    expect((await call(recipient, 'DELETE', `/api/signatures/${id}`)).status).toBe(204);
    expect((await book(recipient, viewer)).signatures).toEqual([]);
    expect(await signatureNotes(recipient)).toEqual([]);
    expect((await call(recipient, 'DELETE', `/api/signatures/${id}`)).status).toBe(404);
    // Removed, the writer may sign again, and the recipient is told again.
    expect((await sign(writer, recipient, 'Second try')).status).toBe(200);
    expect(await signatureNotes(recipient)).toHaveLength(1);
  });

  it('lets the recipient remove a pending one, and the writer withdraw theirs, which takes the notification', async () => {
    const writer = await member();
    const recipient = await member();
    const id = (await sign(writer, recipient, 'Hello!')).body.signature.id;
    expect((await call(recipient, 'DELETE', `/api/signatures/${id}`)).status).toBe(204);
    expect((await mine(writer, recipient)).signature).toBeNull();

    await sign(writer, recipient, 'Hello again!');
    expect(await signatureNotes(recipient)).toHaveLength(1);
    const withdrawn = await call(writer, 'DELETE', `/api/profiles/${recipient.username}/signature`);
    expect(withdrawn.status, withdrawn.text).toBe(204);
    expect((await mine(writer, recipient)).signature).toBeNull();
    expect((await pendingOf(recipient)).signatures).toEqual([]);
    expect(await signatureNotes(recipient)).toEqual([]);
    const again = await call(writer, 'DELETE', `/api/profiles/${recipient.username}/signature`);
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(SIGNATURE_MESSAGES.nothingToWithdraw);
  });

  it('refuses one’s own yearbook and names nobody who does not exist', async () => {
    const writer = await member();
    const own = await sign(writer, writer, 'Note to self');
    expect(own.status).toBe(403);
    expect(own.body.error.message).toBe(SIGNATURE_MESSAGES.yourself);
    expect((await call(writer, 'GET', `/api/profiles/${writer.username}/signature`)).status).toBe(403);
    expect((await call(writer, 'DELETE', `/api/profiles/${writer.username}/signature`)).status).toBe(403);
    for (const username of ['nobody_here_x', 'BAD NAME', '..']) {
      expect((await sign(writer, encodeURIComponent(username), 'Hi')).status).toBe(404);
    }
    expect(await rowsBetween(writer, writer)).toEqual([]);
  });

  it('asks visitors to sign in and members without a profile to make one', async () => {
    const recipient = await member();
    const visitor = await call(null, 'PUT', `/api/profiles/${recipient.username}/signature`, {
      content: 'x',
    });
    expect(visitor.status).toBe(401);
    expect(visitor.body.error.message).toBe(SIGNATURE_MESSAGES.signedOut);
    expect((await call(null, 'GET', `/api/profiles/${recipient.username}/signatures`)).status).toBe(401);
    expect((await call(null, 'GET', '/api/signatures/pending')).status).toBe(401);
  });

  it('keeps to a post’s text rules: trimmed, not blank, at most 256 characters, no control characters', async () => {
    const writer = await member();
    const recipient = await member();
    const refusals: [unknown, string][] = [
      [{ content: '   \n ' }, SIGNATURE_MESSAGES.contentRequired],
      [{ content: 'x'.repeat(257) }, SIGNATURE_MESSAGES.contentTooLong],
      [{ content: 'hi\u202ethere' }, SIGNATURE_MESSAGES.controlCharacters],
      [{}, SIGNATURE_MESSAGES.contentRequired],
    ];
    for (const [body, message] of refusals) {
      const res = await call(writer, 'PUT', `/api/profiles/${recipient.username}/signature`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    const extra = await call(writer, 'PUT', `/api/profiles/${recipient.username}/signature`, {
      content: 'ok',
      isAnonymous: true,
    });
    expect(extra.status).toBe(400);
    expect(await rowsBetween(writer, recipient)).toEqual([]);
    expect(await signatureNotes(recipient)).toEqual([]);
    const longest = await sign(writer, recipient, ` ${'y'.repeat(256)} `);
    expect(longest.status, longest.text).toBe(200);
    expect(longest.body.signature.content).toHaveLength(256);
  });

  it('passes the text check: a warning asks "Post anyway?", a hold is refused, both change nothing', async () => {
    const writer = await member();
    const recipient = await member();
    const rethink = await sign(writer, recipient, 'that exam was f.u.c.k.i.n.g hard, good luck');
    expect(rethink.status).toBe(422);
    expect(rethink.body.error.message).toBe(SAFETY_MESSAGES.rethink);
    expect(rethink.body.error.reasons).toEqual([expect.objectContaining({ category: 'profanity' })]);
    const held = await sign(writer, recipient, 'I will kill you after class', true);
    expect(held.status).toBe(400);
    expect(held.body.error.message).toBe(SIGNATURE_MESSAGES.held);
    expect(await rowsBetween(writer, recipient)).toEqual([]);
    expect(await signatureNotes(recipient)).toEqual([]);
    const anyway = await sign(writer, recipient, 'that exam was f.u.c.k.i.n.g hard, good luck', true);
    expect(anyway.status, anyway.text).toBe(200);
    expect(await signatureNotes(recipient)).toHaveLength(1);
  });

  it('applies blocks either way: a blocked pair reads as missing, and their signatures leave the lists', async () => {
    const writer = await member('Blocked Writer');
    const recipient = await member('Blocking Owner');
    const viewer = await member('Third Person');
    const pendingId = (await sign(writer, recipient, 'Pending one')).body.signature.id;
    const other = await member('Approved Writer');
    const approvedId = (await sign(other, recipient, 'Approved one')).body.signature.id;
    await call(recipient, 'POST', `/api/signatures/${approvedId}/approval`);

    for (const [blocker, blocked] of [
      [recipient, writer],
      [writer, recipient],
    ] as const) {
      await block(blocker, blocked);
      expect((await sign(writer, recipient, 'Let me in')).status).toBe(404);
      expect((await call(writer, 'GET', `/api/profiles/${recipient.username}/signature`)).status).toBe(404);
      expect((await call(writer, 'GET', `/api/profiles/${recipient.username}/signatures`)).status).toBe(404);
      expect((await pendingOf(recipient)).signatures.map((s) => s.id)).not.toContain(pendingId);
      expect((await call(recipient, 'POST', `/api/signatures/${pendingId}/approval`)).status).toBe(404);
      expect(await signatureNotes(recipient)).toHaveLength(1);
      expect((await unblock(blocker, blocked)).status).toBe(204);
    }
    expect((await pendingOf(recipient)).signatures.map((s) => s.id)).toContain(pendingId);
    expect(await signatureNotes(recipient)).toHaveLength(2);

    // A viewer between whom and a writer there is a block does not see that writer's signature.
    expect((await book(recipient, viewer)).signatures.map((s) => s.id)).toEqual([approvedId]);
    await block(viewer, other);
    expect((await book(recipient, viewer)).signatures).toEqual([]);
    await unblock(viewer, other);
    await block(other, viewer);
    expect((await book(recipient, viewer)).signatures).toEqual([]);
    expect((await book(recipient, recipient)).signatures.map((s) => s.id)).toEqual([approvedId]);
  });

  it('does not tell a recipient who muted the writer, and still lists it for approval', async () => {
    const writer = await member();
    const recipient = await member();
    await okJson(server, 'POST', '/api/controls/mutes', recipient.cookie, { username: writer.username });
    expect((await sign(writer, recipient, 'Hi from a muted one')).status).toBe(200);
    expect(await signatureNotes(recipient)).toEqual([]);
    expect((await pendingOf(recipient)).signatures).toHaveLength(1);
  });

  it('pages a yearbook newest approval first without gaps or repeats; a forged cursor is a 400', async () => {
    const recipient = await member();
    const approvedIds: string[] = [];
    for (let i = 0; i < SIGNATURE_PAGE_SIZE + 3; i += 1) {
      const writer = await member(`Writer ${i}`);
      const id = (await sign(writer, recipient, `Signature ${i}`)).body.signature.id;
      await call(recipient, 'POST', `/api/signatures/${id}/approval`);
      approvedIds.unshift(id);
    }
    const first = await book(recipient, recipient);
    expect(first.signatures).toHaveLength(SIGNATURE_PAGE_SIZE);
    expect(first.nextCursor).not.toBeNull();
    const second = await book(recipient, recipient, first.nextCursor ?? '');
    expect(second.nextCursor).toBeNull();
    expect([...first.signatures, ...second.signatures].map((s) => s.id)).toEqual(approvedIds);
    const forged = await call(recipient, 'GET', `/api/profiles/${recipient.username}/signatures?cursor=abc`);
    expect(forged.status).toBe(400);
    expect((await call(recipient, 'GET', '/api/signatures/pending?cursor=%00')).status).toBe(400);
  });
});

describe('signatures and the account', () => {
  it('exports the signatures written and received, each naming the other person', async () => {
    const writer = await member();
    const recipient = await member();
    const id = (await sign(writer, recipient, 'For the export')).body.signature.id;
    await call(recipient, 'POST', `/api/signatures/${id}/approval`);
    await sign(recipient, writer, 'And back');
    const exported = async (who: Member) => {
      const res = await server.request('/api/account/export', { headers: { cookie: who.cookie } });
      expect(res.status).toBe(200);
      const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
      return JSON.parse(new TextDecoder().decode(files[EXPORT_JSON_NAME]));
    };
    const ofWriter = await exported(writer);
    expect(ofWriter.signaturesWritten).toEqual([
      expect.objectContaining({
        recipient: recipient.username,
        content: 'For the export',
        status: 'approved',
      }),
    ]);
    expect(ofWriter.signaturesReceived).toEqual([
      expect.objectContaining({ writer: recipient.username, content: 'And back', status: 'pending' }),
    ]);
    const ofRecipient = await exported(recipient);
    expect(ofRecipient.signaturesReceived).toEqual([
      expect.objectContaining({ writer: writer.username, content: 'For the export' }),
    ]);
  });

  it('goes with either account', async () => {
    const writer = await member();
    const recipient = await member();
    const third = await member();
    await sign(writer, recipient, 'Gone with the writer');
    await sign(recipient, third, 'Gone with the recipient');
    await sign(third, writer, 'Gone with the recipient too');
    const gone = await call(writer, 'DELETE', '/api/account', {
      confirmation: writer.username,
      password: writer.account.password,
    });
    expect(gone.status, gone.text).toBe(200);
    const left = await server.database.db.select().from(signatures);
    expect(left.filter((s) => [s.writerId, s.recipientId].includes(writer.account.userId))).toEqual([]);
    expect(left.filter((s) => s.writerId === recipient.account.userId)).toHaveLength(1);
    const notes = await server.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, recipient.account.userId));
    expect(notes.filter((n) => n.kind === 'signature_received')).toEqual([]);
  });
});
