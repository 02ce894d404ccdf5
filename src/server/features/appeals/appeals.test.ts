// Statements of reasons and appeals, over HTTP on a real database (issue #47): staff remove someone
// else's post or a held post only with a rule of the Terms and the facts; the author alone reads the
// statement (notification, post page) and appeals once; another staff member decides; overturned, the
// post is back; the author is told and the log records it, never naming an anonymous author.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type Member } from '../../../../tests/support/accounts';
import { callJson, startTestServer, type TestServer } from '../../../../tests/support/test-server';
import { APPEAL_MESSAGES } from '../../../shared/appeals';
import { POST_MESSAGES } from '../../../shared/posts';
import { moderationDecisions, moderationLog, posts } from '../../db/schema';

let server: TestServer;
let author: Member;
let reporter: Member;
let other: Member;
let moderator: Member;
let secondModerator: Member;
let admin: Member;

beforeAll(async () => {
  server = await startTestServer();
  author = await createMember(server, { fullName: 'Author Person' });
  reporter = await createMember(server, { fullName: 'Reporter Person' });
  other = await createMember(server, { fullName: 'Other Person' });
  moderator = await createMember(server, { userType: 'moderator', fullName: 'First Moderator' });
  secondModerator = await createMember(server, { userType: 'moderator', fullName: 'Second Moderator' });
  admin = await createMember(server, { userType: 'admin', fullName: 'Admin Person' });
});
afterAll(() => server.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, path: string, as?: Member, body?: unknown) =>
  callJson(server, method, path, as?.cookie, body);

async function postAs(member: Member, content: string, isAnonymous = false): Promise<string> {
  const res = await call('POST', '/api/posts', member, { content, isAnonymous });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

const statement = { rule: 'harassment', facts: 'Calls a classmate names.' } as const;

async function removeAs(staff: Member, id: string, body: unknown = statement) {
  return call('POST', `/api/posts/${id}/removal`, staff, body);
}

async function openAppeal(postId: string) {
  const queue = await call('GET', '/api/appeals', secondModerator);
  expect(queue.status, queue.text).toBe(200);
  return queue.body.appeals.find((item: { post: { id: string } }) => item.post.id === postId);
}

describe('removing someone else’s post takes a statement of reasons', () => {
  it('refuses staff a plain DELETE of someone else’s post (400, nothing changes)', async () => {
    const id = await postAs(author, `Plain delete ${Date.now()}`);
    const res = await call('DELETE', `/api/posts/${id}`, moderator);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(APPEAL_MESSAGES.removeNeedsStatement);
    expect((await call('GET', `/api/posts/${id}`, other)).status).toBe(200);
  });

  it('lets staff delete their own post with no statement, and refuses it as a removal', async () => {
    const id = await postAs(moderator, `Staff own post ${Date.now()}`);
    const removal = await removeAs(moderator, id);
    expect(removal.status).toBe(400);
    expect(removal.body.error.message).toBe(APPEAL_MESSAGES.removeOwn);
    expect((await call('DELETE', `/api/posts/${id}`, moderator)).status).toBe(204);
    const decisions = await server.database.db
      .select()
      .from(moderationDecisions)
      .where(eq(moderationDecisions.postId, id));
    expect(decisions).toEqual([]);
  });

  it('refuses a bad statement with the message for it, and changes nothing', async () => {
    const id = await postAs(author, `Bad statements ${Date.now()}`);
    const cases: [unknown, string][] = [
      [{ facts: 'x' }, APPEAL_MESSAGES.ruleRequired],
      [{ rule: 'rudeness', facts: 'x' }, APPEAL_MESSAGES.ruleRequired],
      [{ rule: 'spam' }, APPEAL_MESSAGES.factsRequired],
      [{ rule: 'spam', facts: ' \n ' }, APPEAL_MESSAGES.factsRequired],
      [{ rule: 'spam', facts: 'x'.repeat(501) }, APPEAL_MESSAGES.factsTooLong],
    ];
    for (const [body, message] of cases) {
      const res = await removeAs(moderator, id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    expect((await call('GET', `/api/posts/${id}`, other)).status).toBe(200);
  });

  it('refuses members (403) and visitors (401), and answers an unknown post 404', async () => {
    const id = await postAs(author, `Members cannot remove ${Date.now()}`);
    expect((await removeAs(other, id)).status).toBe(403);
    expect((await removeAs(author, id)).status).toBe(403);
    expect((await call('POST', `/api/posts/${id}/removal`, undefined, statement)).status).toBe(401);
    const unknown = await removeAs(moderator, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(POST_MESSAGES.notFound);
  });
});

describe('the statement, read by the author alone', () => {
  let id: string;
  const content = `You are all idiots ${Date.now()}`;
  beforeAll(async () => {
    id = await postAs(author, content);
    expect((await call('POST', `/api/posts/${id}/report`, reporter, { reason: 'harassment' })).status).toBe(
      200,
    );
    const res = await removeAs(moderator, id, { rule: 'harassment', facts: '  Calls classmates idiots.  ' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ id, outcome: 'removed' });
  });

  it('is in the author’s notification: rule, facts (trimmed), found by reports; no staff, no reporter', async () => {
    const told = await call('GET', '/api/notifications', author);
    const note = told.body.notifications.find(
      (n: { kind: string; post: { id: string } | null }) => n.kind === 'post_removed' && n.post?.id === id,
    );
    expect(note).toMatchObject({
      post: { id, content },
      reason: null,
      statement: {
        kind: 'post_removed',
        rule: 'harassment',
        facts: 'Calls classmates idiots.',
        foundBy: 'member_reports',
      },
    });
    for (const name of [
      moderator.username,
      moderator.account.userId,
      reporter.username,
      reporter.account.userId,
    ]) {
      expect(told.text).not.toContain(name);
    }
  });

  it('says "staff" when nobody reported it', async () => {
    const quiet = await postAs(author, `Nobody reported this ${Date.now()}`);
    expect(
      (await removeAs(moderator, quiet, { rule: 'spam', facts: 'Advertises a coaching class.' })).status,
    ).toBe(200);
    const removal = await call('GET', `/api/posts/${quiet}/removal`, author);
    expect(removal.body.statement).toMatchObject({ rule: 'spam', foundBy: 'staff' });
  });

  it('is on the post’s own address for its author; everyone else gets the plain not-found', async () => {
    const res = await call('GET', `/api/posts/${id}/removal`, author);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      post: { id, content, isAnonymous: false, askline: null },
      statement: { kind: 'post_removed', rule: 'harassment', foundBy: 'member_reports' },
      appeal: null,
      canAppeal: true,
    });
    expect(res.text).not.toContain(moderator.username);
    expect(res.text).not.toContain(reporter.username);
    for (const viewer of [other, reporter, moderator, admin]) {
      const refused = await call('GET', `/api/posts/${id}/removal`, viewer);
      expect(refused.status).toBe(404);
      expect(refused.body.error.message).toBe(APPEAL_MESSAGES.appealMissing);
    }
    expect((await call('GET', `/api/posts/${id}/removal`)).status).toBe(401);
    for (const viewer of [undefined, author, other, moderator]) {
      expect((await call('GET', `/api/posts/${id}`, viewer)).status).toBe(404);
    }
  });

  it('is not there for a live post, nor for one its author deleted', async () => {
    const live = await postAs(author, `Still here ${Date.now()}`);
    expect((await call('GET', `/api/posts/${live}/removal`, author)).status).toBe(404);
    const deleted = await postAs(author, `Deleted by me ${Date.now()}`);
    expect((await call('DELETE', `/api/posts/${deleted}`, author)).status).toBe(204);
    expect((await call('GET', `/api/posts/${deleted}/removal`, author)).status).toBe(404);
  });
});

describe('appealing', () => {
  it('is the author’s, once, in their words (≤ 1,000 characters), on a decision in force', async () => {
    const id = await postAs(author, `Appeal me ${Date.now()}`);
    expect((await removeAs(moderator, id)).status).toBe(200);
    const path = `/api/posts/${id}/appeal`;
    for (const [body, message] of [
      [{}, APPEAL_MESSAGES.appealRequired],
      [{ text: '   ' }, APPEAL_MESSAGES.appealRequired],
      [{ text: 'x'.repeat(1001) }, APPEAL_MESSAGES.appealTooLong],
    ] as const) {
      const res = await call('POST', path, author, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    // Someone else's decision: as if there were none.
    const theirs = await call('POST', path, other, { text: 'Let it back' });
    expect(theirs.status).toBe(404);
    expect((await call('POST', path, moderator, { text: 'Let it back' })).status).toBe(404);
    expect((await call('POST', path, undefined, { text: 'Let it back' })).status).toBe(401);

    const made = await call('POST', path, author, {
      text: `  ${'I was quoting a film. '.repeat(40).trim()}  `,
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({
      appeal: { text: 'I was quoting a film. '.repeat(40).trim(), outcome: null, decidedAt: null },
      canAppeal: false,
    });
    const again = await call('POST', path, author, { text: 'Once more' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(APPEAL_MESSAGES.appealedAlready);
    expect((await call('GET', `/api/posts/${id}/removal`, author)).body.appeal.text).toContain(
      'quoting a film',
    );
  });

  it('refuses a live post (409) and answers someone else’s live post as not found', async () => {
    const live = await postAs(author, `Live post ${Date.now()}`);
    const own = await call('POST', `/api/posts/${live}/appeal`, author, { text: 'Why?' });
    expect(own.status).toBe(409);
    expect(own.body.error.message).toBe(APPEAL_MESSAGES.notRemoved);
    expect((await call('POST', `/api/posts/${live}/appeal`, other, { text: 'Why?' })).status).toBe(404);
  });

  it('counts two appeals sent at once as one: the other is a 409', async () => {
    const id = await postAs(author, `Twice at once ${Date.now()}`);
    expect((await removeAs(moderator, id)).status).toBe(200);
    const answers = await Promise.all(
      [1, 2].map((n) => call('POST', `/api/posts/${id}/appeal`, author, { text: `Appeal ${n}` })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
  });
});

describe('deciding an appeal', () => {
  it('is for staff other than the decider; overturned, the post is back and its author told', async () => {
    const content = `Overturn me ${Date.now()}`;
    const id = await postAs(author, content);
    expect((await call('PUT', `/api/posts/${id}/like`, other)).status).toBe(200);
    expect((await removeAs(moderator, id)).status).toBe(200);
    expect(
      (await call('POST', `/api/posts/${id}/appeal`, author, { text: 'It was a joke among friends.' }))
        .status,
    ).toBe(201);

    // Members and visitors see no queue.
    expect((await call('GET', '/api/appeals', author)).status).toBe(403);
    expect((await call('GET', '/api/appeals')).status).toBe(401);

    const mine = (await call('GET', '/api/appeals', moderator)).body.appeals.find(
      (item: { post: { id: string } }) => item.post.id === id,
    );
    expect(mine).toMatchObject({
      text: 'It was a joke among friends.',
      post: { id, content },
      author: { username: author.username, fullName: 'Author Person' },
      statement: { rule: 'harassment', foundBy: 'staff' },
      canDecide: false,
    });
    const appeal = await openAppeal(id);
    expect(appeal.canDecide).toBe(true);

    const decide = (as: Member | undefined, body: unknown) =>
      call('POST', `/api/appeals/${appeal.id}/decision`, as, body);
    const refused = await decide(moderator, { outcome: 'overturned' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(APPEAL_MESSAGES.ownDecision);
    expect((await decide(author, { outcome: 'overturned' })).status).toBe(403);
    expect((await decide(undefined, { outcome: 'overturned' })).status).toBe(401);
    const bad = await decide(secondModerator, { outcome: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(APPEAL_MESSAGES.outcomeRequired);
    expect((await call('GET', `/api/posts/${id}`, other)).status).toBe(404);

    const done = await decide(secondModerator, { outcome: 'overturned' });
    expect(done.status, done.text).toBe(200);
    expect(done.body).toEqual({ id: appeal.id, outcome: 'overturned' });
    const back = await call('GET', `/api/posts/${id}`, other);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ content, likeCount: 1 });
    expect((await decide(admin, { outcome: 'upheld' })).status).toBe(409);
    expect(await openAppeal(id)).toBeUndefined();
    // No longer in force: no statement, nothing to appeal.
    expect((await call('GET', `/api/posts/${id}/removal`, author)).status).toBe(404);
    expect((await call('POST', `/api/posts/${id}/appeal`, author, { text: 'Again' })).status).toBe(409);

    const told = await call('GET', '/api/notifications', author);
    const note = told.body.notifications.find((n: { kind: string }) => n.kind === 'appeal_decided');
    expect(note).toMatchObject({
      outcome: 'overturned',
      post: { id, content },
      statement: { rule: 'harassment' },
    });
    expect(told.text).not.toContain(secondModerator.username);
    const [log] = await server.database.db
      .select()
      .from(moderationLog)
      .where(and(eq(moderationLog.postId, id), eq(moderationLog.action, 'appeal_overturned')));
    expect(log).toMatchObject({
      actorId: secondModerator.account.userId,
      targetUserId: author.account.userId,
    });
    // Removed again, it is a new decision, appealable once more.
    expect((await removeAs(admin, id, { rule: 'spam', facts: 'Posted again and again.' })).status).toBe(200);
    expect((await call('GET', `/api/posts/${id}/removal`, author)).body).toMatchObject({
      statement: { rule: 'spam' },
      appeal: null,
      canAppeal: true,
    });
  });

  it('upheld, the post stays removed and its page says so', async () => {
    const id = await postAs(author, `Uphold me ${Date.now()}`);
    expect((await removeAs(moderator, id)).status).toBe(200);
    expect((await call('POST', `/api/posts/${id}/appeal`, author, { text: 'Please.' })).status).toBe(201);
    const appeal = await openAppeal(id);
    const res = await call('POST', `/api/appeals/${appeal.id}/decision`, admin, { outcome: 'upheld' });
    expect(res.status, res.text).toBe(200);
    expect((await call('GET', `/api/posts/${id}`, other)).status).toBe(404);
    const removal = await call('GET', `/api/posts/${id}/removal`, author);
    expect(removal.body).toMatchObject({ appeal: { outcome: 'upheld' }, canAppeal: false });
    const told = await call('GET', '/api/notifications', author);
    expect(told.body.notifications.find((n: { kind: string }) => n.kind === 'appeal_decided')).toMatchObject({
      outcome: 'upheld',
    });
  });

  it('hides an anonymous post’s author from staff, and the log names no one', async () => {
    const id = await postAs(author, `Anonymous appeal ${Date.now()}`, true);
    expect((await removeAs(moderator, id)).status).toBe(200);
    expect(
      (await call('POST', `/api/posts/${id}/appeal`, author, { text: 'Not what it seems.' })).status,
    ).toBe(201);
    const queue = await call('GET', '/api/appeals', secondModerator);
    const item = queue.body.appeals.find((a: { post: { id: string } }) => a.post.id === id);
    expect(item).toMatchObject({ author: null, post: { isAnonymous: true } });
    expect(JSON.stringify(item)).not.toContain(author.username);
    expect(queue.text).not.toContain(author.account.userId);
    expect(
      (await call('POST', `/api/appeals/${item.id}/decision`, secondModerator, { outcome: 'overturned' }))
        .status,
    ).toBe(200);
    const entries = await server.database.db.select().from(moderationLog).where(eq(moderationLog.postId, id));
    expect(entries.map((entry) => entry.action).sort()).toEqual(['appeal_overturned', 'post_deleted']);
    for (const entry of entries) expect(entry).toMatchObject({ subjectHidden: true, targetUserId: null });
    const back = await call('GET', `/api/posts/${id}`, other);
    expect(back.body).toMatchObject({ isAnonymous: true, author: null });
  });

  it('is never the post author’s, staff or not: a moderator’s post removed by an admin', async () => {
    const id = await postAs(moderator, `A moderator's post ${Date.now()}`);
    expect((await removeAs(admin, id)).status).toBe(200);
    expect(
      (await call('POST', `/api/posts/${id}/appeal`, moderator, { text: 'Mine, appealed.' })).status,
    ).toBe(201);
    const own = (await call('GET', '/api/appeals', moderator)).body.appeals.find(
      (a: { post: { id: string } }) => a.post.id === id,
    );
    expect(own.canDecide).toBe(false);
    const refused = await call('POST', `/api/appeals/${own.id}/decision`, moderator, {
      outcome: 'overturned',
    });
    expect(refused.status).toBe(403);
    expect((await call('POST', `/api/appeals/${own.id}/decision`, admin, { outcome: 'upheld' })).status).toBe(
      403,
    );
    expect(
      (await call('POST', `/api/appeals/${own.id}/decision`, secondModerator, { outcome: 'upheld' })).status,
    ).toBe(200);
  });

  it('answers an unknown appeal 404', async () => {
    const res = await call('POST', '/api/appeals/00000000-0000-4000-8000-000000000000/decision', admin, {
      outcome: 'upheld',
    });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(APPEAL_MESSAGES.appealGone);
  });
});

describe('a held post removed', () => {
  it('has its statement on its own address, found automatically; overturned, it is published', async () => {
    const content = `I will kill you all ${Date.now()}`;
    const held = await call('POST', '/api/posts', author, { content, isAnonymous: true });
    expect(held.status, held.text).toBe(202);
    const id = held.body.id;
    // Waiting: nothing decided yet.
    expect((await call('GET', `/api/posts/${id}/removal`, author)).status).toBe(404);
    expect((await call('POST', `/api/posts/${id}/appeal`, author, { text: 'x' })).status).toBe(404);
    const removed = await call('POST', `/api/held-posts/${id}/removal`, moderator, {
      rule: 'harassment',
      facts: 'A threat of violence.',
    });
    expect(removed.status, removed.text).toBe(200);
    const removal = await call('GET', `/api/posts/${id}/removal`, author);
    expect(removal.status, removal.text).toBe(200);
    expect(removal.body).toMatchObject({
      post: { id, content, isAnonymous: true },
      statement: { kind: 'held_removed', rule: 'harassment', foundBy: 'text_check' },
      canAppeal: true,
    });
    expect((await call('GET', `/api/posts/${id}/removal`, other)).status).toBe(404);
    expect(
      (await call('POST', `/api/posts/${id}/appeal`, author, { text: 'It is a song lyric.' })).status,
    ).toBe(201);
    const appeal = await openAppeal(id);
    expect(appeal).toMatchObject({ author: null, statement: { kind: 'held_removed' } });
    expect(
      (await call('POST', `/api/appeals/${appeal.id}/decision`, moderator, { outcome: 'overturned' })).status,
    ).toBe(403);
    const res = await call('POST', `/api/appeals/${appeal.id}/decision`, secondModerator, {
      outcome: 'overturned',
    });
    expect(res.status, res.text).toBe(200);
    const [post] = await server.database.db.select().from(posts).where(eq(posts.id, id));
    expect(post).toMatchObject({ content, isAnonymous: true, deleted: false });
    expect((await call('GET', `/api/posts/${id}`, other)).body).toMatchObject({ content, author: null });
    expect((await call('GET', `/api/posts/${id}/removal`, author)).status).toBe(404);
  });
});
