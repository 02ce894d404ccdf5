// The anonymity scan (issue «Reliability and security» 2; DESIGN: anonymous authors never leave the
// server). One member writes only anonymous posts: a plain one, an answer to an askline, one that is
// reported and whose author staff then suspend, each liked and searched for. Then every route that can
// show a post, an askline, a report or the moderation log is fetched as another member, a moderator,
// an admin and a visitor, with every page the server writes for them (link-preview heads, preview
// images, the embed page, oEmbed), and the answers to the writes others make on those posts. No body
// and no header may hold the author's id, username, full name, email or picture key. Acts on an
// author (a suspension, deleting the account, a post held by the text check and then approved or
// removed) are compared before and after: others may see change only what must, naming no one.
//
// Pages are the real build's, drawn on the server as each viewer (issue #26): the HTML and the answers
// it carries are scanned like the API's.
//
// Routes whose purpose is to name people (a profile, the user search, the admin's account list) are
// fetched about someone else: what is at stake is the link between a post and its author.
// @module-tag engine (runs on both engines: docs/architecture.md, "Tests"; the probes of issues #48 and
// #49 must hold on PostgreSQL too)
import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../src/server/db/auth-schema';
import { profiles, transparencyEvents } from '../../src/server/db/schema';
import { sendDueDigests } from '../../src/server/features/notifications/digest';
import { createMailer } from '../../src/server/platform/mail';
import { NOTIFICATION_KINDS } from '../../src/shared/notifications';
import { createMember, type Member, signInAs } from '../support/accounts';
import { createCameraJpeg } from '../support/images';
import { hasText, readPdf } from '../support/pdf';
import { makePushDevice, startPushEndpoint } from '../support/push-endpoint';
import { builtWebApp, NO_RATE_LIMITS, startTestServer, type TestServer } from '../support/test-server';

const SECRET_WORD = 'quillfeatherish';
const ASKLINE_WORD = 'lanternlit';

let server: TestServer;
let author: Member;
let other: Member;
let moderator: Member;
let admin: Member;
/** What would name the author: each must be absent from everything others are sent. */
let identity: Record<string, string>;
let anonymousPostIds: string[];
let asklineId: string;
let othersNamedPostId: string;
let scanned = 0;

interface Answer {
  what: string;
  status: number;
  /** Headers and body, for the scan. */
  text: string;
  body: string;
  location: string | null;
}

async function fetchAs(viewer: Member | null, method: string, url: string, json?: unknown): Promise<Answer> {
  const res = await server.request(url, {
    method,
    redirect: 'manual',
    headers: {
      ...(viewer ? { cookie: viewer.cookie } : {}),
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  const body = Buffer.from(await res.arrayBuffer());
  const headers = [...res.headers.entries()].map(([name, value]) => `${name}: ${value}`).join('\n');
  // latin1 keeps every byte: text chunks of a PNG are scanned as well as JSON and HTML.
  return {
    what: `${method} ${url} as ${viewer?.username ?? 'a visitor'}`,
    status: res.status,
    text: `${headers}\n\n${body.toString('latin1')}`,
    body: body.toString('latin1'),
    location: res.headers.get('location'),
  };
}

/** Fails on the first identity value an answer holds (any letter case), naming the answer. */
function expectNoAuthor(answer: Answer) {
  scanned++;
  const haystack = answer.text.toLowerCase();
  for (const [kind, value] of Object.entries(identity)) {
    expect(haystack.includes(value.toLowerCase()), `${answer.what} holds the author's ${kind}`).toBe(false);
  }
}

/**
 * An answer as it is compared before and after an act: the request id of an error, and the time a
 * reports page was read at (issue #47's clocks are read against it), differ at every request.
 */
const steady = (text: string) =>
  text.replace(/"requestId":"[^"]*"/g, '"requestId":"…"').replace(/"asOf":"[^"]*"/g, '"asOf":"…"');

async function ok<T>(answer: Promise<Answer>): Promise<T> {
  const { what, status, body } = await answer;
  if (status >= 300) throw new Error(`${what}: ${status}`);
  return (body ? JSON.parse(body) : null) as T;
}

beforeAll(async () => {
  server = await startTestServer({ webRoot: builtWebApp(), rateLimiter: NO_RATE_LIMITS, push: true });
  author = await createMember(server, { fullName: 'Zephyrine Quillfeather' });
  other = await createMember(server, { fullName: 'Ravi Kumar' });
  moderator = await createMember(server, { userType: 'moderator', fullName: 'Mona Moderator' });
  admin = await createMember(server, { userType: 'admin', fullName: 'Ada Admin' });

  const photo = await server.request(`/api/profiles/${author.username}/photo`, {
    method: 'PUT',
    headers: { 'content-type': 'image/jpeg', cookie: author.cookie },
    body: new Uint8Array(await createCameraJpeg({ width: 300, height: 200 })),
  });
  expect(photo.status).toBe(200);
  const [row] = await server.database.db
    .select({ key: profiles.profilePictureKey })
    .from(profiles)
    .where(eq(profiles.userId, author.account.userId));
  identity = {
    id: author.account.userId,
    username: author.username,
    'full name': 'Zephyrine Quillfeather',
    email: author.account.email,
    'picture key': row?.key ?? '',
  };
  expect(identity['picture key']).not.toBe('');

  // An askline by someone else, verified, which the author answers anonymously.
  asklineId = (
    await ok<{ id: string }>(
      fetchAs(other, 'POST', '/api/asklines', {
        content: `What is the most ${ASKLINE_WORD} spot on campus?`,
      }),
    )
  ).id;
  await ok(fetchAs(admin, 'PUT', `/api/asklines/${asklineId}/review`, { decision: 'verify' }));

  const post = (content: string, extra: object = {}) =>
    ok<{ id: string }>(fetchAs(author, 'POST', '/api/posts', { content, isAnonymous: true, ...extra }));
  anonymousPostIds = [
    (await post(`A ${SECRET_WORD} confession about the library cat`)).id,
    (await post(`The ${SECRET_WORD} rooftop at dusk`, { asklineId })).id,
    (await post(`A ${SECRET_WORD} post that someone will report`)).id,
  ];
  // The author likes their own posts and another's; others like theirs.
  const named = await ok<{ id: string }>(fetchAs(other, 'POST', '/api/posts', { content: 'A named post' }));
  othersNamedPostId = named.id;
  for (const id of [...anonymousPostIds, named.id]) {
    await ok(fetchAs(author, 'PUT', `/api/posts/${id}/like`));
  }
});
afterAll(async () => {
  await server?.close();
});

describe('an anonymous author', () => {
  it('is named in no answer to the writes others make on the posts', async () => {
    const [plain, answer, reported] = anonymousPostIds as [string, string, string];
    for (const viewer of [other, moderator, admin]) {
      expectNoAuthor(await fetchAs(viewer, 'PUT', `/api/posts/${plain}/like`));
      expectNoAuthor(await fetchAs(viewer, 'DELETE', `/api/posts/${plain}/like`));
      expectNoAuthor(await fetchAs(viewer, 'PUT', `/api/posts/${answer}/like`));
    }
    const report = await fetchAs(other, 'POST', `/api/posts/${reported}/report`, { reason: 'spam' });
    expect(report.status).toBe(200);
    expectNoAuthor(report);
    const queue = await ok<{ reports: { id: string }[] }>(fetchAs(moderator, 'GET', '/api/reports'));
    const reportId = queue.reports[0]?.id ?? '';
    expectNoAuthor(
      await fetchAs(moderator, 'PUT', `/api/reports/${reportId}/resolution`, { resolved: false }),
    );
    // An admin suspends the author of an anonymous post without learning who it is (moderators may not).
    const suspension = await fetchAs(admin, 'POST', `/api/posts/${reported}/author-suspension`);
    expect(suspension.status).toBe(204);
    expectNoAuthor(suspension);
  });

  it('is named in no API answer, as another member, a moderator, an admin or a visitor', async () => {
    const urls = [
      '/api/health',
      '/api/docs',
      '/api/docs/openapi.json',
      '/api/session',
      '/api/auth/get-session',
      ...['default', 'newest', 'oldest', 'most_liked'].map((sort) => `/api/posts?sort=${sort}`),
      ...anonymousPostIds.map((id) => `/api/posts/${id}`),
      `/api/profiles/${author.username}/posts`,
      `/api/profiles/${other.username}`,
      `/api/profiles/${other.username}/posts`,
      `/api/usernames/${other.username}`,
      `/api/search/posts?q=${SECRET_WORD}`,
      `/api/search/posts?q=${encodeURIComponent(`${SECRET_WORD} confession`)}`,
      '/api/search/users?q=Ravi',
      // Class pages name people by purpose (issue #52): a class the author is not in.
      '/api/classes/2030',
      '/api/classes/2030?campus=VITV&q=Ravi',
      '/api/asklines',
      `/api/asklines/${asklineId}`,
      `/api/asklines/${asklineId}/posts`,
      `/api/asklines/search?q=${ASKLINE_WORD}`,
      '/api/asklines/random',
      '/api/asklines/pending',
      '/api/reports?status=unresolved',
      '/api/reports?status=resolved',
      '/api/admin/users?query=Ravi',
      '/api/admin/moderation-log',
      '/api/admin/sealed-suspensions',
      '/api/admin/word-lists',
      '/api/notice',
      '/api/account',
      '/api/account/sessions',
      '/api/notifications/unread',
      '/api/notifications/settings',
      ...anonymousPostIds.map((id) => `/api/oembed?url=${encodeURIComponent(`${server.url}/post/${id}`)}`),
    ];
    for (const viewer of [other, moderator, admin, null]) {
      for (const url of urls) {
        const answer = await fetchAs(viewer, 'GET', url);
        expect(answer.status, answer.what).toBeLessThan(500);
        expectNoAuthor(answer);
      }
    }
    // Notifications. The author liked Ravi's named post in their own name, and a like names its giver to
    // the post's author (issue #28: "Priya and 11 others"); that one field is the only place the author
    // may appear, and it is about a named post of Ravi's. Everything else in every list is scanned.
    for (const viewer of [other, moderator, admin]) {
      const answer = await fetchAs(viewer, 'GET', '/api/notifications');
      expect(answer.status).toBe(200);
      const page = JSON.parse(answer.body) as {
        notifications: { post: { id: string } | null; likes: { latest: unknown } | null }[];
      };
      for (const notification of page.notifications) {
        if (viewer === other && notification.post?.id === othersNamedPostId && notification.likes) {
          expect(notification.likes.latest).toEqual({
            username: author.username,
            fullName: 'Zephyrine Quillfeather',
          });
          notification.likes.latest = null;
        }
      }
      expectNoAuthor({ ...answer, text: JSON.stringify(page), body: JSON.stringify(page) });
      if (viewer === other) expect(page.notifications.map((n) => n.post?.id)).toContain(othersNamedPostId);
    }
    expect((await fetchAs(null, 'GET', '/api/notifications')).status).toBe(401);

    // The answers did have the posts in them: the scan read what it was meant to.
    const search = await fetchAs(other, 'GET', `/api/search/posts?q=${SECRET_WORD}`);
    for (const id of anonymousPostIds) expect(search.body).toContain(id);
  });

  it("is named in no one else's live stream or email digest", async () => {
    // Every kind in the digest (but the one field that names a like's giver, as above), and a notice
    // from the admins, so that each of them is mailed something.
    for (const viewer of [other, moderator, admin]) {
      const settings = NOTIFICATION_KINDS.map((kind) => ({
        kind,
        inApp: true,
        digest: viewer === other && kind === 'post_liked' ? 'off' : 'daily',
      }));
      await ok(fetchAs(viewer, 'PUT', '/api/notifications/settings', { settings }));
    }
    await ok(fetchAs(admin, 'POST', '/api/admin/notifications', { text: 'Photos on Friday' }));
    await server.broadcasts.settle();
    await sendDueDigests({
      db: server.database.db,
      mailer: createMailer({ db: server.database.db, smtp: false }),
      publicUrl: server.url,
    });
    for (const viewer of [other, moderator, admin]) {
      const mails = await server.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, viewer.account.email));
      const digests = mails.filter((mail) => mail.subject.startsWith('Campus Yearbook: what happened'));
      expect(digests.length, `a digest to ${viewer.username}`).toBe(1);
      for (const mail of digests) {
        const text = `${mail.subject}\n${JSON.stringify(mail.headers)}\n${mail.text}\n${mail.html}`;
        expectNoAuthor({
          what: `the digest to ${viewer.username}`,
          status: 200,
          text,
          body: text,
          location: null,
        });
      }
      if (viewer === other) expect(digests[0]?.text).toContain('Your askline got 1 new answer');

      // The stream's first event: the count alone.
      const res = await server.request('/api/notifications/stream', { headers: { cookie: viewer.cookie } });
      const reader = res.body?.getReader();
      let text = '';
      while (reader && !/event: unread\ndata: .*\n\n/.test(text)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += Buffer.from(value).toString();
      }
      await reader?.cancel();
      expect(text).toMatch(/^retry: \d+\n\nevent: unread\ndata: \{"unread":\d+\}\n\n$/);
      expectNoAuthor({
        what: `the stream of ${viewer.username}`,
        status: res.status,
        text,
        body: text,
        location: null,
      });
    }
  });

  it("is named in no one else's account answer or data export, though they liked and reported the posts", async () => {
    for (const viewer of [other, moderator, admin]) {
      expectNoAuthor(await fetchAs(viewer, 'GET', '/api/account'));
      const res = await server.request('/api/account/export', { headers: { cookie: viewer.cookie } });
      expect(res.status).toBe(200);
      const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
      const text = Object.entries(files)
        .map(([name, bytes]) => `${name}\n${Buffer.from(bytes).toString('latin1')}`)
        .join('\n');
      expectNoAuthor({
        what: `the data export of ${viewer.username}`,
        status: res.status,
        text,
        body: text,
        location: null,
      });
      // It was read: the viewer's like of the anonymous answer (liked in the first test) is in it, by
      // the post's address alone.
      expect(text).toContain(anonymousPostIds[1]);
    }
  });

  it('is named in no page, preview image, embed or oEmbed answer', async () => {
    const urls = [
      ...anonymousPostIds.flatMap((id) => [
        `/post/${id}`,
        `/post/${id}?template=classic`,
        `/og/posts/${id}.png`,
        `/embed/posts/${id}`,
      ]),
      `/askline/${asklineId}`,
      `/og/asklines/${asklineId}.png`,
    ];
    for (const viewer of [other, moderator, admin, null]) {
      for (const url of urls) {
        const answer = await fetchAs(viewer, 'GET', url);
        expect(answer.status, answer.what).toBe(200);
        expectNoAuthor(answer);
      }
    }
    // Every page drawn with the posts in it, as each viewer (a visitor is sent away from most).
    const drawn = [
      '/dashboard',
      '/dashboard?sort=most_liked',
      `/search?q=${SECRET_WORD}`,
      `/${other.username}`,
      '/reports',
      '/reports?status=resolved',
      '/asklines',
      `/askline/${asklineId}`,
      '/admin/log',
      '/admin/word-lists',
    ];
    for (const viewer of [other, moderator, admin, null]) {
      for (const url of drawn) {
        const answer = await fetchAs(viewer, 'GET', url);
        expect(answer.status, answer.what).toBeLessThan(400);
        expectNoAuthor(answer);
      }
    }
    // The pages were drawn with the posts in them: the scan read what it was meant to.
    const feed = await fetchAs(other, 'GET', '/dashboard');
    expect(feed.body).toContain(`A ${SECRET_WORD} confession about the library cat`);
    const post = await fetchAs(null, 'GET', `/post/${anonymousPostIds[0]}`);
    expect(post.body).toMatch(/<div id="root" data-parts="[^"]*"></);
    expect(post.body).toContain(`A ${SECRET_WORD} confession about the library cat`);
  });

  it("answers a guess of the author's address exactly like a wrong guess", async () => {
    // /{username}/{postId} for an anonymous post: the right username must not answer differently.
    for (const id of anonymousPostIds) {
      const guess = await fetchAs(null, 'GET', `/${author.username}/${id}`);
      const wrong = await fetchAs(null, 'GET', `/${other.username}/${id}`);
      expect(guess.status).toBe(wrong.status);
      expect(guess.location).toBe(wrong.location);
      expect(guess.body.replaceAll(author.username, '')).toBe(wrong.body.replaceAll(other.username, ''));
    }
  });

  it('is not inferable from any answer by suspending them: staff see nothing change but the log', async () => {
    // Someone who writes under their name and anonymously, liked and reported by others.
    const suspect = await createMember(server, { fullName: 'Suspicious Sunita' });
    const word = 'marigoldish';
    const namedPost = await ok<{ id: string }>(
      fetchAs(suspect, 'POST', '/api/posts', { content: `A named ${word} note` }),
    );
    const anonymousPost = await ok<{ id: string }>(
      fetchAs(suspect, 'POST', '/api/posts', { content: `An anonymous ${word} rant`, isAnonymous: true }),
    );
    for (const id of [namedPost.id, anonymousPost.id])
      await ok(fetchAs(other, 'PUT', `/api/posts/${id}/like`));
    await ok(fetchAs(other, 'POST', `/api/posts/${anonymousPost.id}/report`, { reason: 'spam' }));
    const members = [author, other, moderator, admin, suspect];

    /** Every page of the admin's account list, as one answer. */
    async function allAccounts(): Promise<string> {
      const pages: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `?after=${encodeURIComponent(cursor)}` : '';
        const page = await fetchAs(admin, 'GET', `/api/admin/users${query}`);
        pages.push(`${page.status} ${page.body}`);
        cursor = (JSON.parse(page.body) as { nextCursor: string | null }).nextCursor;
      } while (cursor);
      return pages.join('\n');
    }

    /** What every kind of viewer reads about people, posts and accounts, and how refusals read. */
    async function snapshot(): Promise<Record<string, string>> {
      const seen: Record<string, string> = { 'every account page': await allAccounts() };
      const urls = [
        ...['default', 'newest', 'oldest', 'most_liked'].map((sort) => `/api/posts?sort=${sort}`),
        `/api/posts/${namedPost.id}`,
        `/api/posts/${anonymousPost.id}`,
        ...members.flatMap(({ username }) => [
          `/api/profiles/${username}`,
          `/api/profiles/${username}/posts`,
          `/api/usernames/${username}`,
          `/api/search/users?q=${username}`,
          `/api/admin/users?query=${username}`,
          `/${username}`,
        ]),
        `/api/search/users?q=Sunita`,
        `/api/search/posts?q=${word}`,
        '/api/reports?status=unresolved',
        '/api/reports?status=resolved',
        `/${suspect.username}/${namedPost.id}`,
        `/post/${anonymousPost.id}`,
        `/og/posts/${namedPost.id}.png`,
        `/embed/posts/${namedPost.id}`,
        `/api/oembed?url=${encodeURIComponent(`${server.url}/${suspect.username}/${namedPost.id}`)}`,
      ];
      for (const viewer of [other, moderator, admin, null]) {
        for (const url of urls) {
          const answer = await fetchAs(viewer, 'GET', url);
          seen[answer.what] = `${answer.status} ${answer.body}`;
        }
      }
      // Writes and refusals an admin could try on the account, and sign-in with a wrong password.
      const tries: [Member | null, string, string, unknown][] = [
        [admin, 'PUT', `/api/admin/users/${suspect.username}/role`, { userType: 'ordinary' }],
        [admin, 'PUT', `/api/admin/users/${suspect.username}/role`, { userType: 'overlord' }],
        [admin, 'PUT', `/api/admin/users/${suspect.username}/suspension`, { suspended: 'maybe' }],
        [moderator, 'POST', `/api/posts/${anonymousPost.id}/author-suspension`, undefined],
        [null, 'POST', '/api/session', { identifier: suspect.account.email, password: 'not-it-at-all' }],
        [null, 'POST', '/api/session', { identifier: suspect.username, password: 'not-it-at-all' }],
        [null, 'POST', '/api/auth/request-password-reset', { email: suspect.account.email, redirectTo: '/' }],
      ];
      for (const [viewer, method, url, json] of tries) {
        const answer = await fetchAs(viewer, method, url, json);
        seen[`${answer.what} ${JSON.stringify(json)}`] = `${answer.status} ${answer.body}`;
      }
      // Error answers carry a fresh request id each time; nothing else may differ.
      for (const key of Object.keys(seen)) {
        seen[key] = steady(seen[key] ?? '');
      }
      return seen;
    }

    const logBefore = await ok<{ entries: { id: string }[] }>(
      fetchAs(admin, 'GET', '/api/admin/moderation-log'),
    );
    const before = await snapshot();
    // The snapshot's refused writes are the same both times; sign the suspect in afresh to watch them go.
    suspect.cookie = await signInAs(server, suspect.account);
    expect((await fetchAs(suspect, 'GET', '/api/posts')).status).toBe(200);

    const suspension = await fetchAs(admin, 'POST', `/api/posts/${anonymousPost.id}/author-suspension`);
    expect(suspension.status).toBe(204);
    // It took hold: the session ended and sign-in is refused (to the suspect alone, who knows).
    expect((await fetchAs(suspect, 'GET', '/api/posts')).status).toBe(401);
    const signIn = await fetchAs(null, 'POST', '/api/session', {
      identifier: suspect.account.email,
      password: suspect.account.password,
    });
    expect(signIn.status).toBe(403);

    const after = await snapshot();
    expect(Object.keys(after).length).toBeGreaterThan(150);
    for (const [what, answer] of Object.entries(before)) expect(after[what], what).toBe(answer);

    // What did change: the log gained an entry for the post that names no one (the snapshots' own
    // role changes name the suspect, as an admin's act on a named account does), and the post is
    // listed as sealed until lifted.
    const suspectIdentity = [
      suspect.account.userId,
      suspect.username,
      'Suspicious Sunita',
      suspect.account.email,
    ];
    const log = await ok<{ entries: { id: string; postId: string | null }[] }>(
      fetchAs(admin, 'GET', '/api/admin/moderation-log'),
    );
    const entriesOfPost = log.entries.filter(
      (entry) => entry.postId === anonymousPost.id && !logBefore.entries.some((old) => old.id === entry.id),
    );
    expect(entriesOfPost).toEqual([expect.objectContaining({ action: 'user_suspended', target: null })]);
    const sealed = await fetchAs(admin, 'GET', '/api/admin/sealed-suspensions');
    expect(JSON.parse(sealed.body).suspensions).toContainEqual(
      expect.objectContaining({ postId: anonymousPost.id }),
    );
    const lifted = await fetchAs(admin, 'DELETE', `/api/posts/${anonymousPost.id}/author-suspension`);
    expect(lifted.status).toBe(204);
    for (const text of [suspension.text, JSON.stringify(entriesOfPost), sealed.text, lifted.text]) {
      scanned++;
      for (const value of suspectIdentity) expect(text).not.toContain(value);
    }
  });

  it('is not inferable from any answer when they delete their account: their anonymous posts stay as they were', async () => {
    // Someone with a profile and only anonymous posts: one answers Ravi's askline, one is reported by
    // Ravi and resolved by staff, one they liked themselves and Ravi liked too.
    const leaver = await createMember(server, { fullName: 'Leela Leaving' });
    const word = 'tamarindish';
    const write = (content: string, extra: object = {}) =>
      ok<{ id: string }>(fetchAs(leaver, 'POST', '/api/posts', { content, isAnonymous: true, ...extra }));
    const plain = (await write(`An anonymous ${word} farewell`)).id;
    const answer = (await write(`An anonymous ${word} answer`, { asklineId })).id;
    const reported = (await write(`An anonymous ${word} post Ravi reports`)).id;
    await ok(fetchAs(leaver, 'PUT', `/api/posts/${plain}/like`));
    await ok(fetchAs(other, 'PUT', `/api/posts/${plain}/like`));
    await ok(fetchAs(other, 'POST', `/api/posts/${reported}/report`, { reason: 'spam' }));
    const queue = await ok<{ reports: { id: string; post: { id: string } }[] }>(
      fetchAs(moderator, 'GET', '/api/reports'),
    );
    const report = queue.reports.find((item) => item.post.id === reported);
    await ok(fetchAs(moderator, 'PUT', `/api/reports/${report?.id}/resolution`, { resolved: true }));
    const posts = [plain, answer, reported];

    /** Everything others can read that shows, counts or tells of the anonymous posts. */
    async function snapshot(): Promise<Record<string, string>> {
      const urls = [
        ...['default', 'newest', 'oldest', 'most_liked'].map((sort) => `/api/posts?sort=${sort}`),
        ...posts.flatMap((id) => [
          `/api/posts/${id}`,
          `/og/posts/${id}.png`,
          `/embed/posts/${id}`,
          `/api/oembed?url=${encodeURIComponent(`${server.url}/post/${id}`)}`,
        ]),
        `/api/search/posts?q=${word}`,
        '/api/asklines',
        `/api/asklines/${asklineId}`,
        `/api/asklines/${asklineId}/posts`,
        '/api/reports?status=unresolved',
        '/api/reports?status=resolved',
        '/api/admin/moderation-log',
        '/api/admin/sealed-suspensions',
        '/api/notifications',
        '/api/notifications/unread',
      ];
      const seen: Record<string, string> = {};
      for (const viewer of [other, moderator, admin, null]) {
        for (const url of urls) {
          const read = await fetchAs(viewer, 'GET', url);
          seen[read.what] = steady(`${read.status} ${read.body}`);
        }
      }
      return seen;
    }

    const before = await snapshot();
    expect(Object.values(before).join('\n')).toContain(`An anonymous ${word} answer`);
    const gone = await fetchAs(leaver, 'DELETE', '/api/account', {
      confirmation: leaver.username,
      password: leaver.account.password,
      anonymousPosts: 'leave',
    });
    expect(gone.status).toBe(200);
    // It happened: the profile is gone for everyone.
    expect((await fetchAs(other, 'GET', `/api/profiles/${leaver.username}`)).status).toBe(404);
    const after = await snapshot();
    expect(Object.keys(after).length).toBeGreaterThan(80);
    for (const [what, read] of Object.entries(before)) expect(after[what], what).toBe(read);
  });

  it('is not inferable from a held anonymous post: held, approved or removed, others see only what must change', async () => {
    // Issue #47: an anonymous post that names a member waits for review. Someone with two held
    // anonymous posts (one answering Ravi's askline, naming him by @username; one naming him by
    // full name): a moderator approves the first and removes the second.
    const holder = await createMember(server, { fullName: 'Hemlata Holdfast' });
    const word = 'jacarandish';
    const holderIdentity = [holder.account.userId, holder.username, 'Hemlata Holdfast', holder.account.email];
    const expectNoHolder = (what: string, text: string) => {
      scanned++;
      for (const value of holderIdentity) {
        expect(text.toLowerCase().includes(value.toLowerCase()), `${what} names the holder`).toBe(false);
      }
    };

    /** Everything others read that shows, counts or tells of posts, the holder and the queue. Pages
     * about the holder name them by design: they are not scanned, and must not change at all. */
    async function snapshot(): Promise<Record<string, string>> {
      const urls = [
        ...['default', 'newest', 'oldest', 'most_liked'].map((sort) => `/api/posts?sort=${sort}`),
        `/api/profiles/${holder.username}`,
        `/api/profiles/${holder.username}/posts`,
        `/${holder.username}`,
        `/api/search/posts?q=${word}`,
        '/api/search/users?q=Hemlata',
        '/api/asklines',
        `/api/asklines/${asklineId}`,
        `/api/asklines/${asklineId}/posts`,
        `/askline/${asklineId}`,
        '/api/reports?status=unresolved',
        '/api/admin/moderation-log',
        '/api/notifications',
        '/api/notifications/unread',
        '/api/held-posts',
        '/api/held-posts/mine',
      ];
      const seen: Record<string, string> = {};
      for (const viewer of [other, moderator, admin, null]) {
        for (const url of urls) {
          const read = await fetchAs(viewer, 'GET', url);
          expect(read.status, read.what).toBeLessThan(500);
          seen[read.what] = steady(`${read.status} ${read.body}`);
        }
      }
      return seen;
    }
    /** What differs between two snapshots, as the answers' names. */
    const changed = (before: Record<string, string>, after: Record<string, string>) =>
      Object.keys(before).filter((what) => before[what] !== after[what]);
    const staffAnswers = (what: string) => what.endsWith(moderator.username) || what.endsWith(admin.username);

    // The server's first drawing of a page lists fewer of its files to preload (its lazy parts are not
    // loaded yet): draw each once before comparing.
    await snapshot();
    const before = await snapshot();
    const held = async (content: string, extra: object = {}) => {
      const answer = await fetchAs(holder, 'POST', '/api/posts', { content, isAnonymous: true, ...extra });
      expect(answer.status, answer.body).toBe(202);
      return (JSON.parse(answer.body) as { id: string }).id;
    };
    const approvedId = await held(`@${other.username} hogs the ${word} bench`, { asklineId });
    const removedId = await held(`Ravi Kumar never shares his ${word} notes`);

    // Held: only staff's queue changed, and it holds both posts with no author.
    const whileHeld = await snapshot();
    const heldChanges = changed(before, whileHeld);
    expect(heldChanges.sort()).toEqual(
      [`GET /api/held-posts as ${moderator.username}`, `GET /api/held-posts as ${admin.username}`].sort(),
    );
    for (const what of heldChanges) {
      expectNoHolder(what, whileHeld[what] ?? '');
      const items = (JSON.parse((whileHeld[what] ?? '').slice(4)) as { heldPosts: { id: string }[] })
        .heldPosts;
      expect(items).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: approvedId, author: null }),
          expect.objectContaining({ id: removedId, author: null }),
        ]),
      );
    }
    // Asked for by id, a held post reads as one that never was, to everyone but staff's queue.
    const unknownId = '00000000-0000-4000-8000-000000000000';
    for (const viewer of [other, moderator, admin, null]) {
      for (const page of ['/api/posts/', '/post/']) {
        const read = async (id: string) => {
          const answer = await fetchAs(viewer, 'GET', `${page}${id}`);
          return `${answer.status} ${answer.body.replaceAll(id, 'ID')}`.replace(/"requestId":"[^"]*"/g, '');
        };
        expect(await read(approvedId), `${page} as ${viewer?.username}`).toBe(await read(unknownId));
      }
    }
    // The holder alone sees them waiting.
    const own = await fetchAs(holder, 'GET', '/api/held-posts/mine');
    expect(own.body).toContain(approvedId);
    expect(own.body).toContain(removedId);

    // Approved: it goes out as any anonymous post does; the holder's profile and everyone's
    // notifications are as they were (but the askline's owner's), and what changed names no one.
    const approval = await fetchAs(moderator, 'POST', `/api/held-posts/${approvedId}/approval`);
    expect(approval.status).toBe(200);
    expectNoHolder(approval.what, approval.text);
    const approved = await snapshot();
    const approvalChanges = changed(whileHeld, approved);
    // Ravi is told of the answer to his askline now that it is out, as of any anonymous answer.
    const ravisNotes = [
      `GET /api/notifications as ${other.username}`,
      `GET /api/notifications/unread as ${other.username}`,
    ];
    for (const what of approvalChanges) {
      expect(
        [`/api/profiles/${holder.username}`, `/${holder.username} `].some((part) => what.includes(part)) ||
          (what.includes('/api/notifications') && !ravisNotes.includes(what)),
        `${what} changed on approval`,
      ).toBe(false);
      expectNoHolder(what, approved[what] ?? '');
    }
    const answersTold = (read: string | undefined) =>
      JSON.parse((read ?? '').slice(4)).notifications.find(
        (note: { kind: string }) => note.kind === 'askline_answered',
      ).answers.count;
    expect(answersTold(approved[ravisNotes[0] ?? ''])).toBe(answersTold(whileHeld[ravisNotes[0] ?? '']) + 1);
    expect(approvalChanges).toContain(`GET /api/posts?sort=newest as ${other.username}`);
    expect(approvalChanges).toContain(`GET /api/asklines/${asklineId}/posts as a visitor`);
    expect(approved[`GET /api/posts?sort=newest as ${other.username}`]).toContain(approvedId);
    // It reads like an anonymous post never held, to members and visitors alike.
    for (const viewer of [other, null]) {
      const was = JSON.parse((await fetchAs(viewer, 'GET', `/api/posts/${approvedId}`)).body);
      const never = JSON.parse((await fetchAs(viewer, 'GET', `/api/posts/${anonymousPostIds[1]}`)).body);
      expect(Object.keys(was).sort()).toEqual(Object.keys(never).sort());
      expect(was.author).toBeNull();
      expectNoHolder(`the approved post as ${viewer?.username ?? 'a visitor'}`, JSON.stringify(was));
    }
    const page = await fetchAs(other, 'GET', `/post/${approvedId}`);
    expect(page.status).toBe(200);
    expectNoHolder(page.what, page.text);

    // Removed: nothing members or visitors read changes; staff's queue loses it, the log gains an
    // entry naming no one.
    const removal = await fetchAs(moderator, 'POST', `/api/held-posts/${removedId}/removal`, {
      rule: 'harassment',
      facts: 'Names a student to shame him.',
    });
    expect(removal.status).toBe(200);
    expectNoHolder(removal.what, removal.text);
    const removed = await snapshot();
    const removalChanges = changed(approved, removed);
    expect(removalChanges.length).toBeGreaterThan(0);
    for (const what of removalChanges) {
      expect(staffAnswers(what), `${what} changed on removal`).toBe(true);
      expect(what.includes('/api/held-posts') || what.includes('/api/admin/moderation-log'), what).toBe(true);
      expectNoHolder(what, removed[what] ?? '');
    }
    const log = await ok<{ entries: { postId: string | null; action: string; target: unknown }[] }>(
      fetchAs(admin, 'GET', '/api/admin/moderation-log'),
    );
    const entries = log.entries.filter((entry) => [approvedId, removedId].includes(entry.postId ?? ''));
    expect(entries).toHaveLength(2);
    for (const entry of entries) expect(entry.target).toBeNull();

    // The holder was told of both, naming no staff member; staff were told nothing.
    const told = await fetchAs(holder, 'GET', '/api/notifications');
    expect(told.body).toContain('held_approved');
    expect(told.body).toContain('held_removed');
    for (const value of [moderator.username, 'Mona Moderator', moderator.account.userId]) {
      expect(told.body).not.toContain(value);
    }
    for (const viewer of [moderator, admin]) {
      const what = `GET /api/notifications as ${viewer.username}`;
      expect(removed[what], what).toBe(before[what]);
    }
  });

  it('is not inferable from the transparency figures: an anonymous post counts as a named one does', async () => {
    // Issue #47: the same events for a named and an anonymous author (held, then removed; reported,
    // then removed by staff) write the same ledger rows, and the public figures name no one.
    const writer = await createMember(server, { fullName: 'Tanvi Tallyman' });
    const ledgerOf = async (isAnonymous: boolean) => {
      const before = await server.database.db.select().from(transparencyEvents);
      const held = await fetchAs(writer, 'POST', '/api/posts', {
        content: `I will kill you ${isAnonymous ? 'a' : 'b'}`,
        isAnonymous,
      });
      expect(held.status, held.body).toBe(202);
      const heldId = (JSON.parse(held.body) as { id: string }).id;
      const statement = { rule: 'harassment', facts: 'A threat.' };
      await ok(fetchAs(moderator, 'POST', `/api/held-posts/${heldId}/removal`, statement));
      const post = await ok<{ id: string }>(
        fetchAs(writer, 'POST', '/api/posts', { content: `A post to remove ${isAnonymous}`, isAnonymous }),
      );
      await ok(fetchAs(other, 'POST', `/api/posts/${post.id}/report`, { reason: 'spam' }));
      await ok(fetchAs(moderator, 'POST', `/api/posts/${post.id}/removal`, statement));
      // Appealed and upheld: counted alike too.
      await ok(fetchAs(writer, 'POST', `/api/posts/${post.id}/appeal`, { text: 'Please look again.' }));
      const queue = await ok<{ appeals: { id: string; post: { id: string } }[] }>(
        fetchAs(admin, 'GET', '/api/appeals'),
      );
      const appeal = queue.appeals.find((item) => item.post.id === post.id);
      await ok(fetchAs(admin, 'POST', `/api/appeals/${appeal?.id}/decision`, { outcome: 'upheld' }));
      const after = await server.database.db.select().from(transparencyEvents);
      return after.slice(before.length).map(({ kind, detail, waitedSeconds }) => ({
        kind,
        detail,
        waited: waitedSeconds === null ? null : 'set',
      }));
    };
    const named = await ledgerOf(false);
    expect(named.length).toBeGreaterThan(3);
    expect(await ledgerOf(true)).toEqual(named);
    const figures = await fetchAs(null, 'GET', '/api/transparency');
    expect(figures.status).toBe(200);
    for (const value of [
      writer.account.userId,
      writer.username,
      'Tanvi Tallyman',
      ...Object.values(identity),
    ]) {
      scanned++;
      expect(figures.text.toLowerCase()).not.toContain(value.toLowerCase());
    }
  });

  it('is not inferable from a statement of reasons or an appeal: whose anonymous post it was changes nothing staff see', async () => {
    // Issue #47: two members each write an anonymous post; a moderator removes both with the same
    // statement; each appeals in the same words; an admin decides both. Staff's Appeals tab and the
    // log must read the same for either author, beyond each post's own words, and name neither; what
    // members and visitors read changes only as any removal and restoring of a post changes it.
    const word = 'oleanderish';
    const first = await createMember(server, { fullName: 'Priyamvada Appealer' });
    const second = await createMember(server, { fullName: 'Somasundar Appealer' });
    const identities = [first, second].flatMap((member) => [
      member.account.userId,
      member.username,
      member.account.email,
    ]);
    identities.push('Priyamvada', 'Somasundar');
    const expectNoAppealer = (what: string, text: string) => {
      scanned++;
      for (const value of identities) {
        expect(text.toLowerCase().includes(value.toLowerCase()), `${what} names an appealer`).toBe(false);
      }
    };
    const write = async (member: Member, n: number) =>
      (
        await ok<{ id: string }>(
          fetchAs(member, 'POST', '/api/posts', { content: `Anonymous ${word} ${n}`, isAnonymous: true }),
        )
      ).id;
    const firstPost = await write(first, 1);
    const secondPost = await write(second, 2);
    const ids = [firstPost, secondPost];

    /** Everything others read that shows or tells of the posts, the queues and the log. */
    async function snapshot(): Promise<Record<string, string>> {
      const urls = [
        ...['default', 'newest'].map((sort) => `/api/posts?sort=${sort}`),
        ...ids.flatMap((id) => [`/api/posts/${id}`, `/api/posts/${id}/removal`, `/post/${id}`]),
        `/api/search/posts?q=${word}`,
        ...[first, second].map(({ username }) => `/api/profiles/${username}/posts`),
        '/api/appeals',
        '/api/admin/moderation-log',
        '/api/notifications',
        '/api/notifications/unread',
        '/reports?tab=appeals',
      ];
      const seen: Record<string, string> = {};
      for (const viewer of [other, moderator, admin, null]) {
        for (const url of urls) {
          const read = await fetchAs(viewer, 'GET', url);
          expect(read.status, read.what).toBeLessThan(500);
          expectNoAppealer(read.what, read.text);
          seen[read.what] = steady(`${read.status} ${read.body}`);
        }
      }
      return seen;
    }
    const changed = (before: Record<string, string>, after: Record<string, string>) =>
      Object.keys(before).filter((what) => before[what] !== after[what]);
    const staff = (what: string) => what.endsWith(moderator.username) || what.endsWith(admin.username);

    await snapshot();
    const before = await snapshot();
    for (const id of ids) {
      const removal = await fetchAs(moderator, 'POST', `/api/posts/${id}/removal`, {
        rule: 'harassment',
        facts: 'Mocks a classmate.',
      });
      expect(removal.status).toBe(200);
      expectNoAppealer(removal.what, removal.text);
    }
    const removed = await snapshot();
    // The statement is its author's alone: to anyone else the removed post reads as one never written.
    const unknownId = '00000000-0000-4000-8000-000000000000';
    for (const viewer of [other, moderator, admin, null]) {
      for (const page of ['/api/posts/', '/post/']) {
        for (const tail of page === '/api/posts/' ? ['', '/removal'] : ['']) {
          const read = async (id: string) => {
            const answer = await fetchAs(viewer, 'GET', `${page}${id}${tail}`);
            return `${answer.status} ${answer.body.replaceAll(id, 'ID')}`.replace(/"requestId":"[^"]*"/g, '');
          };
          expect(await read(firstPost), `${page}…${tail} as ${viewer?.username}`).toBe(await read(unknownId));
        }
      }
    }
    for (const [member, id] of [
      [first, firstPost],
      [second, secondPost],
    ] as const) {
      const own = await fetchAs(member, 'GET', `/api/posts/${id}/removal`);
      expect(own.status).toBe(200);
      for (const value of [moderator.username, 'Mona Moderator', moderator.account.userId, other.username]) {
        expect(own.body).not.toContain(value);
      }
      const appeal = await fetchAs(member, 'POST', `/api/posts/${id}/appeal`, { text: 'It was a joke.' });
      expect(appeal.status).toBe(201);
    }
    const appealed = await snapshot();
    // Appealing changes staff's Appeals tab alone (its page too), and only for staff.
    const appealChanges = changed(removed, appealed);
    expect(appealChanges.length).toBeGreaterThan(0);
    for (const what of appealChanges) {
      expect(
        staff(what) && (what.includes('/api/appeals') || what.includes('/reports?tab=appeals')),
        what,
      ).toBe(true);
    }
    // The two appeals read alike beyond each post's own words and ids: which author is not there.
    const queue = JSON.parse((appealed[`GET /api/appeals as ${moderator.username}`] ?? '').slice(4)) as {
      appeals: { id: string; post: { id: string } }[];
    };
    const normalised = ids.map((id) => {
      const item = queue.appeals.find((appeal) => appeal.post.id === id);
      expect(item, id).toBeDefined();
      return JSON.stringify(item)
        .replaceAll(item?.id ?? '', 'APPEAL')
        .replaceAll(id, 'POST')
        .replace(/Anonymous oleanderish \d/g, 'CONTENT')
        .replace(/"\d{4}-\d\d-\d\dT[\d:.]+Z"/g, '"TIME"');
    });
    expect(normalised[0]).toBe(normalised[1]);
    expect(normalised[0]).toContain('"author":null');

    const decisions = [];
    for (const item of queue.appeals.filter((appeal) => ids.includes(appeal.post.id))) {
      const decided = await fetchAs(admin, 'POST', `/api/appeals/${item.id}/decision`, {
        outcome: item.post.id === firstPost ? 'overturned' : 'upheld',
      });
      expect(decided.status).toBe(200);
      expectNoAppealer(decided.what, decided.text);
      decisions.push(decided);
    }
    const decided = await snapshot();
    // The log: a removal and an appeal's outcome for each post, alike for both authors, naming no one.
    const log = JSON.parse(
      (decided[`GET /api/admin/moderation-log as ${admin.username}`] ?? '').slice(4),
    ) as {
      entries: { id: string; postId: string | null; action: string; createdAt: string }[];
    };
    const ofPost = (id: string) =>
      log.entries
        .filter((entry) => entry.postId === id)
        .map((entry) =>
          JSON.stringify({ ...entry, id: 'ID', postId: 'POST', createdAt: 'TIME' }).replace(
            'overturned',
            'upheld',
          ),
        );
    expect(ofPost(firstPost)).toHaveLength(2);
    expect(ofPost(firstPost)).toEqual(ofPost(secondPost));
    // Overturned, the first post is back as any anonymous post; upheld, the second stays away.
    expect(decided[`GET /api/posts/${firstPost} as a visitor`]).toBe(
      before[`GET /api/posts/${firstPost} as a visitor`],
    );
    expect(decided[`GET /api/posts/${secondPost} as a visitor`]).toBe(
      removed[`GET /api/posts/${secondPost} as a visitor`],
    );
    // The authors were told; staff were told nothing.
    for (const viewer of [moderator, admin]) {
      const what = `GET /api/notifications as ${viewer.username}`;
      expect(decided[what], what).toBe(before[what]);
    }
    const told = await fetchAs(first, 'GET', '/api/notifications');
    expect(told.body).toContain('appeal_decided');
    for (const value of [admin.username, 'Ada Admin', moderator.username])
      expect(told.body).not.toContain(value);
  });

  it('is not inferable from a report on their anonymous post, its receipt, its clocks or its acknowledgement', async () => {
    // Issue #47: the reporter is told the report was received, staff see its clocks, and a moderator
    // acknowledging it stops one of them. Someone with an anonymous post, which Ravi reports (their
    // profile names them by design: it must not change).
    const writer = await createMember(server, { fullName: 'Kasturi Keepquiet' });
    const word = 'vetiverish';
    const writerIdentity = [
      writer.account.userId,
      writer.username,
      'Kasturi Keepquiet',
      writer.account.email,
    ];
    const expectNoWriter = (what: string, text: string) => {
      scanned++;
      for (const value of writerIdentity) {
        expect(text.toLowerCase().includes(value.toLowerCase()), `${what} names the writer`).toBe(false);
      }
    };
    const reported = await ok<{ id: string }>(
      fetchAs(writer, 'POST', '/api/posts', { content: `An anonymous ${word} rant`, isAnonymous: true }),
    );

    /** What others read of posts, the writer, the queue, the log and their notifications. */
    async function snapshot(): Promise<Record<string, string>> {
      const urls = [
        ...['default', 'newest', 'oldest'].map((sort) => `/api/posts?sort=${sort}`),
        `/api/posts/${reported.id}`,
        `/api/profiles/${writer.username}`,
        `/api/profiles/${writer.username}/posts`,
        `/api/search/posts?q=${word}`,
        ...['', '?sort=newest', '?status=resolved'].map((query) => `/api/reports${query}`),
        '/api/admin/moderation-log',
        '/api/admin/sealed-suspensions',
        '/api/notifications',
        '/api/notifications/unread',
      ];
      const seen: Record<string, string> = {};
      for (const viewer of [other, moderator, admin, null]) {
        for (const url of urls) {
          const read = await fetchAs(viewer, 'GET', url);
          expect(read.status, read.what).toBeLessThan(500);
          seen[read.what] = steady(`${read.status} ${read.body}`);
        }
      }
      return seen;
    }
    const changed = (before: Record<string, string>, after: Record<string, string>) =>
      Object.keys(before).filter((what) => before[what] !== after[what]);
    const staffAnswer = (what: string) => what.endsWith(moderator.username) || what.endsWith(admin.username);
    const staffQueue = (what: string) => what.startsWith('GET /api/reports') && staffAnswer(what);

    const before = await snapshot();
    const report = await fetchAs(other, 'POST', `/api/posts/${reported.id}/report`, { reason: 'harassment' });
    expect(report.status).toBe(200);
    expectNoWriter(report.what, report.text);
    // Reported: Ravi is told it was received; staff see it in their queue and on the post's card
    // (its report data); nothing else changed.
    const afterReport = await snapshot();
    const reportChanges = changed(before, afterReport);
    const ravisNotes = [
      `GET /api/notifications as ${other.username}`,
      `GET /api/notifications/unread as ${other.username}`,
    ];
    for (const what of reportChanges) {
      expect(staffAnswer(what) || ravisNotes.includes(what), `${what} changed on a report`).toBe(true);
      expectNoWriter(what, afterReport[what] ?? '');
    }
    expect(reportChanges).toEqual(expect.arrayContaining(ravisNotes));
    const receipt = JSON.parse((afterReport[ravisNotes[0] ?? ''] ?? '').slice(4)).notifications[0];
    expect(receipt).toMatchObject({ kind: 'report_received', post: null });

    // Acknowledged by a moderator: only staff's queue (its clock) and the admins' log change.
    const queue = await ok<{ reports: { id: string; post: { id: string } }[] }>(
      fetchAs(moderator, 'GET', '/api/reports?sort=newest'),
    );
    const reportId = queue.reports.find((item) => item.post.id === reported.id)?.id ?? '';
    const acknowledged = await fetchAs(moderator, 'POST', `/api/reports/${reportId}/acknowledgement`);
    expect(acknowledged.status).toBe(200);
    expectNoWriter(acknowledged.what, acknowledged.text);
    const afterAcknowledging = await snapshot();
    const acknowledgeChanges = changed(afterReport, afterAcknowledging);
    expect(acknowledgeChanges.length).toBeGreaterThan(0);
    for (const what of acknowledgeChanges) {
      expect(
        staffQueue(what) || what === `GET /api/admin/moderation-log as ${admin.username}`,
        `${what} changed on an acknowledgement`,
      ).toBe(true);
      expectNoWriter(what, afterAcknowledging[what] ?? '');
    }
    const log = await ok<{ entries: { postId: string | null; action: string; target: unknown }[] }>(
      fetchAs(admin, 'GET', '/api/admin/moderation-log'),
    );
    expect(log.entries.filter((entry) => entry.postId === reported.id)).toEqual([
      expect.objectContaining({ action: 'report_acknowledged', target: null }),
    ]);
  });

  // Issue #48, decision 032: each personal control is an experiment someone can run (act, then compare
  // every answer before and after). One probe per control. Priya writes under her name and
  // anonymously; the actor blocks her, mutes her, mutes the author of one of her anonymous posts, mutes
  // a word of one, or says "Not for me" to one. Every other viewer (another member, staff, a visitor,
  // and Priya herself where the control is silent) reads exactly what they read before; the actor
  // still reads her anonymous posts as anyone does (rule 1: named and anonymous are two people), and
  // every count stays as it was (rule 3).
  describe('personal controls tell no one who wrote an anonymous post', () => {
    const word = 'zinnialike';
    let priya: Member;
    let named: string;
    let anonymous: string[];
    let wordy: string;
    let drawnOnce = false;

    beforeAll(async () => {
      priya = await createMember(server, { fullName: 'Priya Probeson' });
      const write = async (content: string, extra: object = {}) =>
        (await ok<{ id: string }>(fetchAs(priya, 'POST', '/api/posts', { content, ...extra }))).id;
      named = await write(`A named ${word} note`);
      anonymous = [
        await write(`An anonymous ${word} thought`, { isAnonymous: true }),
        await write(`Another anonymous ${word} answer`, { isAnonymous: true, asklineId }),
      ];
      wordy = await write(`An anonymous ${word} about the mesquiteberry stall`, { isAnonymous: true });
      for (const id of [named, ...anonymous, wordy]) await ok(fetchAs(other, 'PUT', `/api/posts/${id}/like`));
    });

    /** What `viewers` read of Priya, her posts, the actor and the lists they are in. */
    async function snapshot(actor: Member, viewers: (Member | null)[]): Promise<Record<string, string>> {
      const posts = [named, ...anonymous, wordy];
      const urls = [
        ...['default', 'newest', 'oldest', 'most_liked'].map((sort) => `/api/posts?sort=${sort}`),
        ...posts.map((id) => `/api/posts/${id}`),
        ...[priya, actor].flatMap(({ username }) => [
          `/api/profiles/${username}`,
          `/api/profiles/${username}/posts`,
          `/api/search/users?q=${username}`,
          `/${username}`,
        ]),
        `/api/search/posts?q=${word}`,
        `/api/asklines/${asklineId}/posts`,
        '/api/notifications',
        '/api/notifications/unread',
        '/api/reports?status=unresolved',
        '/dashboard',
        '/dashboard?sort=newest',
        `/askline/${asklineId}`,
        `/${priya.username}/${named}`,
        ...anonymous.map((id) => `/post/${id}`),
        `/search?q=${word}`,
      ];
      const seen: Record<string, string> = {};
      for (const viewer of viewers) {
        for (const url of urls) {
          const read = await fetchAs(viewer, 'GET', url);
          expect(read.status, read.what).toBeLessThan(500);
          seen[read.what] = steady(`${read.status} ${read.body}`);
        }
      }
      return seen;
    }

    /**
     * Runs one control: a fresh actor who liked Priya's posts and wrote their own; others' answers
     * before and after must be the same, Priya's too unless `priyaMayDiffer`; answers the actor's own
     * reads for the rules to check.
     */
    async function probe(
      act: (actor: Member) => Promise<void>,
      options: { priyaMayDiffer?: boolean } = {},
    ): Promise<{
      actor: Member;
      before: Record<string, string>;
      after: Record<string, string>;
      lists: { before: Record<string, string[]>; after: Record<string, string[]> };
    }> {
      const actor = await createMember(server, { fullName: 'Arjun Actorson' });
      for (const id of [named, ...anonymous]) await ok(fetchAs(actor, 'PUT', `/api/posts/${id}/like`));
      await ok(fetchAs(actor, 'POST', '/api/posts', { content: `The actor's named ${word} post` }));
      await ok(
        fetchAs(actor, 'POST', '/api/posts', { content: `The actor's anonymous ${word}`, isAnonymous: true }),
      );
      const others = [other, moderator, admin, null, ...(options.priyaMayDiffer ? [] : [priya])];
      if (!drawnOnce) {
        // The server's first drawing of a page lists fewer of its files to preload: draw each once.
        await snapshot(actor, others);
        drawnOnce = true;
      }
      const othersBefore = await snapshot(actor, others);
      const before = await snapshot(actor, [actor]);
      const listsBefore = await wholeLists(actor);
      await act(actor);
      const othersAfter = await snapshot(actor, others);
      expect(Object.keys(othersAfter).length).toBeGreaterThan(100);
      for (const [what, read] of Object.entries(othersBefore)) expect(othersAfter[what], what).toBe(read);
      return {
        actor,
        before,
        after: await snapshot(actor, [actor]),
        lists: { before: listsBefore, after: await wholeLists(actor) },
      };
    }

    /** Every post of a list as `id:likeCount`, following its cursors. */
    async function wholeList(viewer: Member, url: string): Promise<string[]> {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: string = cursor ? `${url}&cursor=${encodeURIComponent(cursor)}` : url;
        const answer = await ok<{ posts: { id: string; likeCount: number }[]; nextCursor: string | null }>(
          fetchAs(viewer, 'GET', page),
        );
        seen.push(...answer.posts.map((post) => `${post.id}:${post.likeCount}`));
        cursor = answer.nextCursor;
      } while (cursor);
      return seen;
    }
    /** The lists to walk (a function: the askline is made in the file's beforeAll). */
    const lists = () => [
      ...['default', 'newest', 'oldest', 'most_liked'].map((sort) => `/api/posts?sort=${sort}`),
      `/api/search/posts?q=${word}`,
      `/api/asklines/${asklineId}/posts?showMuted=false`,
    ];
    const wholeLists = async (viewer: Member) => {
      const read: Record<string, string[]> = {};
      for (const url of lists()) read[url] = await wholeList(viewer, url);
      return read;
    };

    /**
     * The actor's lists before and after: each of `kept` in every list it was in, with its count
     * (rule 1 and rule 3); and its own page still opens.
     */
    function expectKept(
      actor: Member,
      walked: { before: Record<string, string[]>; after: Record<string, string[]> },
      after: Record<string, string>,
      kept: string[],
    ) {
      for (const url of lists()) {
        const [was, is] = [walked.before[url] ?? [], walked.after[url] ?? []];
        for (const id of kept) {
          const entry = was.find((e) => e.startsWith(id));
          // An askline's page holds only the answers to it.
          if (url.includes('/asklines/') && !entry) continue;
          expect(entry, `${url} had ${id}`).toBeDefined();
          expect(is, `${url} keeps ${id} with its count`).toContain(entry);
        }
      }
      for (const id of kept) {
        const what = `GET /api/posts/${id} as ${actor.username}`;
        expect(after[what], what).toMatch(/^200 /);
      }
    }

    it("blocking her: others read the same; she reads the actor's anonymous posts as before; the actor still reads hers", async () => {
      let actorsAnonymous = '';
      let priyaBefore: Record<string, string> = {};
      const {
        actor,
        after,
        lists: walked,
      } = await probe(
        async (actor) => {
          actorsAnonymous =
            (
              await ok<{ posts: { id: string; isAnonymous: boolean; content: string }[] }>(
                fetchAs(actor, 'GET', `/api/search/posts?q=${word}`),
              )
            ).posts.find((post) => post.isAnonymous && post.content.startsWith("The actor's"))?.id ?? '';
          expect(actorsAnonymous).not.toBe('');
          priyaBefore = {
            one: (await fetchAs(priya, 'GET', `/api/posts/${actorsAnonymous}`)).body,
            like: (await fetchAs(priya, 'PUT', `/api/posts/${actorsAnonymous}/like`)).body,
            unlike: (await fetchAs(priya, 'DELETE', `/api/posts/${actorsAnonymous}/like`)).body,
          };
          expect(
            (await fetchAs(actor, 'POST', '/api/controls/blocks', { username: priya.username })).status,
          ).toBe(201);
        },
        { priyaMayDiffer: true },
      );
      expectKept(actor, walked, after, [...anonymous, wordy]);
      // Her named post is gone from the actor's lists and reads as missing, a like of it too; a like
      // of her anonymous post answers as before.
      expect(after[`GET /api/posts/${named} as ${actor.username}`]).toMatch(/^404 /);
      expect((await fetchAs(actor, 'PUT', `/api/posts/${named}/like`)).status).toBe(404);
      const like = await fetchAs(actor, 'PUT', `/api/posts/${anonymous[0]}/like`);
      expect(like.status).toBe(200);
      expect(JSON.parse(like.body)).toEqual({ likeCount: 2, likedByMe: true });
      // Rule 1 the other way: the actor's anonymous post reads to Priya as it did, and her like of it
      // is not refused (a refusal would say whose it is).
      expect((await fetchAs(priya, 'GET', `/api/posts/${actorsAnonymous}`)).body).toBe(priyaBefore.one);
      expect((await fetchAs(priya, 'PUT', `/api/posts/${actorsAnonymous}/like`)).body).toBe(priyaBefore.like);
      expect((await fetchAs(priya, 'DELETE', `/api/posts/${actorsAnonymous}/like`)).body).toBe(
        priyaBefore.unlike,
      );
      // Her own feed still holds every anonymous post, the actor's among them.
      const feed = await fetchAs(priya, 'GET', `/api/search/posts?q=${word}`);
      expect(feed.body).toContain(actorsAnonymous);
    });

    it('muting her: nobody else, Priya included, reads anything different; the actor still reads her anonymous posts', async () => {
      const {
        actor,
        before,
        after,
        lists: walked,
      } = await probe(async (actor) => {
        expect(
          (await fetchAs(actor, 'POST', '/api/controls/mutes', { username: priya.username })).status,
        ).toBe(201);
      });
      expectKept(actor, walked, after, [...anonymous, wordy]);
      const feed = `GET /api/posts?sort=newest as ${actor.username}`;
      expect(before[feed]).toContain(named);
      expect(after[feed]).not.toContain(named);
      // The page drawn on the server asks the same API: her named post leaves it, her anonymous stay.
      const page = `GET /dashboard?sort=newest as ${actor.username}`;
      expect(before[page]).toContain(`A named ${word} note`);
      expect(after[page]).not.toContain(`A named ${word} note`);
      expect(after[page]).toContain(`An anonymous ${word} thought`);
    });

    it('muting the author of one anonymous post hides that post alone: her other anonymous and named posts stay', async () => {
      const [muted, ...rest] = anonymous as [string, ...string[]];
      const {
        actor,
        after,
        lists: walked,
      } = await probe(async (actor) => {
        const hidden = await fetchAs(actor, 'POST', '/api/controls/hidden-posts', {
          postId: muted,
          reason: 'muted_author',
        });
        expect(hidden.status).toBe(201);
      });
      expectKept(actor, walked, after, [...rest, wordy, named]);
      for (const sort of ['default', 'newest', 'oldest', 'most_liked']) {
        expect(after[`GET /api/posts?sort=${sort} as ${actor.username}`]).not.toContain(muted);
      }
      // Every anonymous post answers "Mute this author" the same way, whoever wrote it.
      const one = await fetchAs(actor, 'POST', '/api/controls/hidden-posts', {
        postId: rest[0],
        reason: 'muted_author',
      });
      const another = await fetchAs(other, 'POST', '/api/controls/hidden-posts', {
        postId: rest[0],
        reason: 'muted_author',
      });
      expect(one.body.replace(rest[0] ?? '', '')).toBe(another.body.replace(rest[0] ?? '', ''));
      await fetchAs(other, 'DELETE', `/api/controls/hidden-posts/${rest[0]}`);
    });

    it('muting a word hides the posts with it from the actor alone, named or anonymous alike, and says how many', async () => {
      const {
        actor,
        after,
        lists: walked,
      } = await probe(async (actor) => {
        const muted = await fetchAs(actor, 'POST', '/api/controls/muted-words', { phrase: 'Mesquiteberry' });
        expect(muted.status).toBe(201);
      });
      expectKept(actor, walked, after, [...anonymous, named]);
      const feed = JSON.parse(
        (after[`GET /api/posts?sort=newest as ${actor.username}`] ?? '').replace(/^\d+ /, ''),
      );
      expect(JSON.stringify(feed.posts)).not.toContain(wordy);
      expect(feed.hiddenByMutedWords).toBe(1);
    });

    it('"Not for me" hides that post from the actor alone', async () => {
      const [notForMe, ...rest] = anonymous as [string, ...string[]];
      const {
        actor,
        after,
        lists: walked,
      } = await probe(async (actor) => {
        const hidden = await fetchAs(actor, 'POST', '/api/controls/hidden-posts', {
          postId: notForMe,
          reason: 'not_for_me',
        });
        expect(hidden.status).toBe(201);
      });
      expectKept(actor, walked, after, [...rest, wordy, named]);
      expect(after[`GET /api/posts?sort=default as ${actor.username}`]).not.toContain(notForMe);
      // Its own page still opens for the actor, saying it is hidden.
      expect(after[`GET /api/posts/${notForMe} as ${actor.username}`]).toContain('"hidden":true');
    });

    it("name the author in no control's answer or list", async () => {
      const actor = await createMember(server);
      const answers = [
        await fetchAs(actor, 'POST', '/api/controls/hidden-posts', {
          postId: anonymousPostIds[0],
          reason: 'muted_author',
        }),
        await fetchAs(actor, 'POST', '/api/controls/hidden-posts', {
          postId: anonymousPostIds[1],
          reason: 'not_for_me',
        }),
        await fetchAs(actor, 'GET', '/api/controls/hidden-posts'),
        await fetchAs(actor, 'POST', '/api/controls/muted-words', { phrase: SECRET_WORD }),
        await fetchAs(actor, 'GET', '/api/controls/muted-words'),
        await fetchAs(actor, 'GET', '/api/posts?sort=oldest'),
        await fetchAs(actor, 'GET', '/api/posts?sort=oldest&showMuted=true'),
        await fetchAs(actor, 'GET', '/api/controls/blocks'),
        await fetchAs(actor, 'GET', '/api/controls/mutes'),
      ];
      for (const answer of answers) {
        expect(answer.status, answer.what).toBeLessThan(300);
        expectNoAuthor(answer);
      }
      expect(answers[2]?.body).toContain(anonymousPostIds[0]);
      expect(answers[5]?.body).not.toContain(anonymousPostIds[2]);
      expect(answers[6]?.body).toContain(anonymousPostIds[2]);
    });
  });

  describe('replies tell no one who wrote an anonymous reply (issue #49)', () => {
    /** What others read of the author and of a thread: compared before and after she replies. */
    async function readsOf(writer: Member, threadId: string): Promise<Record<string, string>> {
      const urls = [
        `/api/profiles/${writer.username}`,
        `/api/profiles/${writer.username}/posts`,
        `/api/search/users?q=${writer.username}`,
        // Search reads text only: her name finds none of her anonymous replies.
        `/api/search/posts?q=${writer.username}`,
        '/api/search/posts?q=Replywright',
        ...['default', 'newest'].map((sort) => `/api/posts?sort=${sort}`),
        `/api/posts/${threadId}`,
      ];
      // (Not her profile's page: a viewer's own bell, drawn on every page, changes when they are told of
      // a reply; its data is the profile answer above.)
      const seen: Record<string, string> = {};
      for (const viewer of [other, moderator, admin, null]) {
        for (const url of urls) {
          const read = await fetchAs(viewer, 'GET', url);
          expect(read.status, read.what).toBeLessThan(500);
          // The thread's reply count moves with her replies, as it must, for everyone alike.
          seen[read.what] = steady(`${read.status} ${read.body}`).replace(
            /"replyCount":\d+/g,
            '"replyCount":…',
          );
        }
      }
      return seen;
    }

    it('her anonymous replies, their labels, counts and notifications name her nowhere, and change nothing about her', async () => {
      // A writer of her own (the scan's author was suspended and deleted above), whom the scan now seeks.
      const writer = await createMember(server, { fullName: 'Xanthe Replywright' });
      const kept = identity;
      identity = {
        id: writer.account.userId,
        username: writer.username,
        'full name': 'Xanthe Replywright',
        email: writer.account.email,
      };
      try {
        await scanReplies(writer);
      } finally {
        identity = kept;
      }
    });

    async function scanReplies(writer: Member) {
      const named = othersNamedPostId;
      const ownAnonymous = (
        await ok<{ id: string }>(
          fetchAs(writer, 'POST', '/api/posts', {
            content: `Her own ${SECRET_WORD} question`,
            isAnonymous: true,
          }),
        )
      ).id;
      const before = await readsOf(writer, named);
      const reply = (postId: string, content: string, extra: object = {}) =>
        ok<{ id: string; label: string | null }>(
          fetchAs(writer, 'POST', `/api/posts/${postId}/replies`, { content, isAnonymous: true, ...extra }),
        );
      const onNamed = await reply(named, `An anonymous ${SECRET_WORD} reply on a named post`);
      const nested = await reply(named, `Answering my own reply, ${SECRET_WORD}`, { replyToId: onNamed.id });
      // On her own anonymous post she is "Author"; nothing else there says who that is.
      const onOwn = await reply(ownAnonymous, `The ${SECRET_WORD} author answers`);
      expect([onNamed.label, nested.label, onOwn.label]).toEqual(['Anonymous 1', 'Anonymous 1', 'Author']);
      // Others answer her replies: their notifications of it (to her, unseen here) and the thread.
      await ok(
        fetchAs(other, 'POST', `/api/posts/${named}/replies`, {
          content: 'Who wrote that?',
          replyToId: onNamed.id,
        }),
      );

      // The counts of posts, the lists and every page about her are what they were: a reply is not a post.
      const after = await readsOf(writer, named);
      for (const [what, read] of Object.entries(before)) {
        if (what.includes(`/api/posts/${named}`)) continue;
        expect(after[what], what).toBe(read);
      }

      const answers = [];
      for (const viewer of [other, moderator, admin, null]) {
        for (const postId of [named, ownAnonymous]) {
          answers.push(await fetchAs(viewer, 'GET', `/api/posts/${postId}/replies`));
          answers.push(await fetchAs(viewer, 'GET', `/api/posts/${postId}/replies?order=newest`));
          answers.push(await fetchAs(viewer, 'GET', `/api/posts/${postId}/replies?branch=${onNamed.id}`));
        }
        answers.push(await fetchAs(viewer, 'GET', `/post/${named}`));
        answers.push(await fetchAs(viewer, 'GET', `/post/${ownAnonymous}`));
        // A reply's own address leads to its place in its thread; search finds her replies by their
        // text, marked as replies with their labels.
        for (const mine of [onNamed, nested, onOwn])
          answers.push(await fetchAs(viewer, 'GET', `/post/${mine.id}`));
        if (viewer) answers.push(await fetchAs(viewer, 'GET', `/api/search/posts?q=${SECRET_WORD}`));
      }
      for (const answer of answers) {
        expect(answer.status, answer.what).toBeLessThan(400);
        expectNoAuthor(answer);
      }
      // (Not vacuous: the search found them, and the addresses led to the threads.)
      const found = await fetchAs(other, 'GET', `/api/search/posts?q=${SECRET_WORD}`);
      for (const mine of [onNamed, nested, onOwn]) expect(found.body).toContain(mine.id);
      const place = await fetchAs(null, 'GET', `/post/${nested.id}`);
      expect(`${place.status} ${place.location}`).toBe(`301 /post/${named}#reply-${nested.id}`);
      // The named post's author is told of the reply: counted, never named. (Their other notifications
      // name her as she named herself: she liked their post.)
      const told = await ok<{ notifications: { kind: string; replies?: unknown }[] }>(
        fetchAs(other, 'GET', '/api/notifications'),
      );
      const replied = told.notifications.find((n) => n.kind === 'post_replied');
      expect(replied?.replies).toEqual({ count: 1, latest: null });
      const text = JSON.stringify(replied);
      expectNoAuthor({
        what: 'the notification of her reply',
        status: 200,
        text,
        body: text,
        location: null,
      });

      // The bell cleared for what is on screen (PUT /api/notifications/seen, issue #51): the one who
      // clears it reads a count of 0, and nothing anyone else reads (the writer included: no "seen"
      // reaches her) says that the notification of her reply was looked at.
      const othersReads = async () => {
        const seen: Record<string, string> = {};
        for (const viewer of [writer, moderator, admin, null]) {
          for (const url of [
            '/api/notifications',
            '/api/notifications/unread',
            `/api/posts/${named}`,
            `/api/posts/${named}/replies`,
            `/api/profiles/${other.username}`,
          ]) {
            const read = await fetchAs(viewer, 'GET', url);
            seen[read.what] = steady(`${read.status} ${read.body}`);
          }
        }
        return seen;
      };
      const unread = async () =>
        (await ok<{ unread: number }>(fetchAs(other, 'GET', '/api/notifications/unread'))).unread;
      const beforeSeen = await othersReads();
      expect(await unread()).toBeGreaterThan(0);
      const cleared = await fetchAs(other, 'PUT', '/api/notifications/seen', {
        through: new Date().toISOString(),
      });
      expect(cleared.status, cleared.what).toBeLessThan(300);
      expectNoAuthor(cleared);
      expect(await unread()).toBe(0);
      expect(await othersReads()).toEqual(beforeSeen);
    }
  });

  it('is not inferable from class pages: writing, liking and reporting anonymously changes none, and hiding from one only takes her name off it', async () => {
    // A writer of her own, in a class of her own with classmates on both campuses (issue #52).
    const writer = await createMember(server, {
      fullName: 'Xenia Classwright',
      institution: 'VITV',
      graduationYear: 2029,
    });
    const classmates = [
      await createMember(server, { fullName: 'Aditi Classmate', institution: 'VITV', graduationYear: 2029 }),
      await createMember(server, { fullName: 'Zubin Classmate', institution: 'VITC', graduationYear: 2029 }),
    ];
    const pages = [
      '/api/classes/2029',
      '/api/classes/2029?campus=VITV',
      '/api/classes/2029?campus=VITC',
      '/api/classes/2029?campus=VITV&q=class',
      `/api/classes/2029?campus=VITV&q=${SECRET_WORD}`,
    ];
    const read = async () => {
      const seen: Record<string, string> = {};
      for (const viewer of [other, moderator, admin, ...classmates, null]) {
        for (const url of pages) {
          const answer = await fetchAs(viewer, 'GET', url);
          expect(answer.status, answer.what).toBe(viewer ? 200 : 401);
          // Nothing from a post is ever on a class page, and the first author is in no class read here.
          expect(answer.body.toLowerCase(), answer.what).not.toContain(SECRET_WORD);
          expectNoAuthor(answer);
          seen[answer.what] = steady(answer.body);
        }
      }
      return seen;
    };
    const before = await read();
    // Not vacuous: she is listed, and counted, on her campus's page.
    const listed = JSON.parse(before[`GET /api/classes/2029?campus=VITV as ${other.username}`] ?? '{}');
    expect(listed.members.map((m: { username: string }) => m.username)).toContain(writer.username);
    expect(listed.counts).toEqual({ VITC: 1, VITV: 2 });

    const written = await ok<{ id: string }>(
      fetchAs(writer, 'POST', '/api/posts', {
        content: `A ${SECRET_WORD} note for my class`,
        isAnonymous: true,
      }),
    );
    await ok(fetchAs(classmates[0] as Member, 'PUT', `/api/posts/${written.id}/like`));
    await ok(fetchAs(writer, 'PUT', `/api/posts/${othersNamedPostId}/like`));
    await ok(fetchAs(classmates[1] as Member, 'POST', `/api/posts/${written.id}/report`, { reason: 'spam' }));
    expect(await read()).toEqual(before);

    // She hides from her class page: every page loses her entry and her count, and nothing else.
    const own = await ok<{ fullName: string; institution: string; graduationYear: number }>(
      fetchAs(writer, 'GET', `/api/profiles/${writer.username}`),
    );
    await ok(
      fetchAs(writer, 'PATCH', `/api/profiles/${writer.username}`, {
        fullName: own.fullName,
        institution: own.institution,
        graduationYear: own.graduationYear,
        hiddenFromClass: true,
      }),
    );
    const after = await read();
    for (const [what, body] of Object.entries(before)) {
      const was = JSON.parse(body);
      if (was.error) {
        expect(after[what], what).toEqual(body);
        continue;
      }
      const expected = {
        ...was,
        counts: was.counts && { ...was.counts, VITV: was.counts.VITV - 1 },
        members: was.members.filter((m: { username: string }) => m.username !== writer.username),
      };
      expect(JSON.parse(after[what] ?? '{}'), what).toEqual(expected);
    }
  });

  it('is not inferable from signatures: signing, approving and removing one changes nothing that shows her anonymous posts', async () => {
    // A signature is named (issue #52, decision 040): a writer of anonymous posts signs someone's
    // yearbook under her own name. Nothing that shows her anonymous post, or counts it, moves with it.
    const writer = await createMember(server, { fullName: 'Wren Signwright' });
    const recipient = await createMember(server, { fullName: 'Yara Bookowner' });
    const secret = await ok<{ id: string }>(
      fetchAs(writer, 'POST', '/api/posts', { content: `A ${SECRET_WORD} thought`, isAnonymous: true }),
    );
    const pages = [
      `/api/posts/${secret.id}`,
      `/api/posts/${secret.id}/replies`,
      '/api/posts?sort=newest',
      `/api/profiles/${writer.username}/posts`,
      `/api/profiles/${writer.username}`,
      `/api/profiles/${recipient.username}/posts`,
    ];
    const read = async () => {
      const seen: Record<string, string> = {};
      for (const viewer of [other, recipient, moderator, admin, null]) {
        for (const url of pages) {
          const answer = await fetchAs(viewer, 'GET', url);
          if (url.startsWith('/api/posts/')) {
            expect(answer.body, answer.what).not.toContain(writer.username);
            expect(answer.body, answer.what).not.toContain('Wren Signwright');
          }
          seen[answer.what] = steady(answer.body);
        }
      }
      return seen;
    };
    const before = await read();
    // Not vacuous: her anonymous post is read, as itself.
    expect(before[`GET /api/posts/${secret.id} as ${other.username}`]).toContain(SECRET_WORD);
    const signed = await ok<{ signature: { id: string } }>(
      fetchAs(writer, 'PUT', `/api/profiles/${recipient.username}/signature`, { content: 'Signed, by name' }),
    );
    const between = await read();
    await ok(fetchAs(recipient, 'POST', `/api/signatures/${signed.signature.id}/approval`));
    // The yearbook names its writer, and holds nothing of her anonymous post.
    const book = await fetchAs(other, 'GET', `/api/profiles/${recipient.username}/signatures`);
    expect(book.body).toContain(writer.username);
    expect(book.body.toLowerCase()).not.toContain(SECRET_WORD);
    expect(book.body).not.toContain(secret.id);
    const approved = await read();
    await ok(fetchAs(recipient, 'DELETE', `/api/signatures/${signed.signature.id}`));
    const removed = await read();
    expect(between).toEqual(before);
    expect(approved).toEqual(before);
    expect(removed).toEqual(before);
  });

  it('is not inferable from superlatives: nominating and voting change nothing others see, staff see one more in a count', async () => {
    // Superlatives (issue #52, decision 042): nobody sees who nominated or voted for whom. A member of
    // the Class of 2024 (VITV) who writes anonymous posts nominates a classmate and votes for her:
    // what the nominee, a third classmate, a member of another class and visitors are sent does not
    // change at all; staff see the category's participation count move by one, and nothing else.
    const klass = { year: 2024, campus: 'VITV' as const };
    const inClass = (fullName: string) =>
      createMember(server, { fullName, graduationYear: klass.year, institution: klass.campus });
    const chooser = await inClass('Nia Chooser');
    const nominee = await inClass('Xena Chosen');
    const third = await inClass('Theo Third');
    const secret = await ok<{ id: string }>(
      fetchAs(chooser, 'POST', '/api/posts', { content: `A ${SECRET_WORD} wish`, isAnonymous: true }),
    );
    const round = await ok<{ id: string }>(
      fetchAs(admin, 'POST', `/api/classes/${klass.year}/superlatives`, {
        campus: klass.campus,
        resultsAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      }),
    );
    const category = await ok<{ id: string }>(
      fetchAs(admin, 'POST', `/api/superlatives/${round.id}/categories`, {
        title: 'Most likely to keep a secret',
      }),
    );
    await ok(fetchAs(admin, 'POST', `/api/superlative-categories/${category.id}/approval`));
    await ok(fetchAs(admin, 'PATCH', `/api/superlatives/${round.id}`, { phase: 'nominating' }));
    const pages = [
      `/api/classes/${klass.year}/superlatives?campus=${klass.campus}`,
      `/api/classes/${klass.year}/superlatives/nominees?campus=${klass.campus}`,
      `/api/classes/${klass.year}?campus=${klass.campus}`,
      `/api/profiles/${nominee.username}/superlatives`,
      `/api/profiles/${nominee.username}`,
      `/api/profiles/${chooser.username}`,
      `/api/posts/${secret.id}`,
    ];
    const staff = new Set([moderator.username, admin.username]);
    const read = async () => {
      const seen: Record<string, string> = {};
      for (const viewer of [nominee, third, other, moderator, admin, null]) {
        for (const url of pages) {
          const answer = await fetchAs(viewer, 'GET', url);
          if (url.startsWith('/api/posts/')) expect(answer.body, answer.what).not.toContain(chooser.username);
          seen[answer.what] = steady(answer.body);
        }
      }
      return seen;
    };
    /** `before` as staff should now see it: the category's count `field` one more, all else the same. */
    const plusOne = (before: Record<string, string>, field: 'nominated' | 'voted') =>
      Object.fromEntries(
        Object.entries(before).map(([what, body]) => {
          const [, name] = / as (\S+)$/.exec(what) ?? [];
          if (!what.includes('/superlatives?') || !staff.has(name ?? '')) return [what, body];
          const answer = JSON.parse(body);
          for (const c of answer.round.categories) c.participation[field] += 1;
          return [what, JSON.stringify(answer)];
        }),
      );
    const parsedBodies = (seen: Record<string, string>) =>
      Object.fromEntries(
        Object.entries(seen).map(([what, body]) => [what, body.startsWith('{') ? JSON.parse(body) : body]),
      );

    const before = await read();
    // Not vacuous: the round is read, with the category, and the anonymous post as itself.
    expect(before[`GET ${pages[0]} as ${third.username}`]).toContain('Most likely to keep a secret');
    expect(before[`GET /api/posts/${secret.id} as ${other.username}`]).toContain(SECRET_WORD);
    await ok(
      fetchAs(chooser, 'PUT', `/api/superlative-categories/${category.id}/nomination`, {
        username: nominee.username,
      }),
    );
    expect(parsedBodies(await read())).toEqual(parsedBodies(plusOne(before, 'nominated')));

    // A second nomination lets the ballot hold two, so a vote says nothing by elimination either.
    await ok(
      fetchAs(third, 'PUT', `/api/superlative-categories/${category.id}/nomination`, {
        username: chooser.username,
      }),
    );
    await ok(fetchAs(admin, 'PATCH', `/api/superlatives/${round.id}`, { phase: 'voting' }));
    const ballot = await read();
    expect(ballot[`GET ${pages[0]} as ${nominee.username}`]).toContain('"ballot":[{');
    await ok(
      fetchAs(chooser, 'POST', `/api/superlative-categories/${category.id}/vote`, {
        username: nominee.username,
      }),
    );
    expect(parsedBodies(await read())).toEqual(parsedBodies(plusOne(ballot, 'voted')));
  });

  it('is not inferable from the class book: including an anonymous answer changes nothing others read, and the book prints it unnamed', async () => {
    // Issue #52: the author of an anonymous askline answer may have it printed in her class's book as
    // "Anonymous". Readers of the book learn only that someone in the class wrote it (the switch says
    // so); nothing anyone else reads in the app changes when she sets it.
    const writer = await createMember(server, {
      fullName: 'Ysolde Bookwright',
      institution: 'VITC',
      graduationYear: 2030,
    });
    const classmate = await createMember(server, {
      fullName: 'Omar Classfellow',
      institution: 'VITC',
      graduationYear: 2030,
    });
    const answer = await ok<{ id: string }>(
      fetchAs(writer, 'POST', '/api/posts', {
        content: `The ${SECRET_WORD} bench by the lake`,
        isAnonymous: true,
        asklineId,
      }),
    );
    const pages = [
      `/api/posts/${answer.id}`,
      `/api/asklines/${asklineId}/posts`,
      '/api/posts?sort=newest',
      `/api/profiles/${writer.username}/posts`,
      '/api/classes/2030?campus=VITC',
    ];
    const read = async () => {
      const seen: Record<string, string> = {};
      for (const viewer of [other, classmate, moderator, admin, null]) {
        for (const url of pages) {
          const got = await fetchAs(viewer, 'GET', url);
          if (url.startsWith('/api/posts/') || url.startsWith('/api/asklines/')) {
            expect(got.body, got.what).not.toContain(writer.username);
            expect(got.body, got.what).not.toContain('Ysolde Bookwright');
          }
          seen[got.what] = steady(got.body);
        }
      }
      for (const viewer of [moderator, admin]) {
        const check = await fetchAs(viewer, 'GET', '/api/classes/2030/book?campus=VITC');
        seen[check.what] = steady(check.body);
      }
      return seen;
    };
    const before = await read();
    expect(before[`GET /api/posts/${answer.id} as ${other.username}`]).toContain(SECRET_WORD);
    const switched = await fetchAs(writer, 'PUT', `/api/posts/${answer.id}/class-book`, { include: true });
    expect(switched.status, switched.what).toBe(200);
    expect(await read()).toEqual(before);
    // Only she is told the switch's state.
    const hers = JSON.parse((await fetchAs(writer, 'GET', `/api/posts/${answer.id}`)).body);
    expect(hers.viewer.inClassBook).toBe(true);

    // The book prints it as "Anonymous"; its job and its notification name no author.
    const job = await ok<{ id: string }>(
      fetchAs(moderator, 'POST', '/api/classes/2030/book', { campus: 'VITC', paper: 'A4' }),
    );
    await server.books.settle();
    const state = await fetchAs(moderator, 'GET', `/api/books/${job.id}`);
    expectNoAuthor(state);
    const notes = await fetchAs(moderator, 'GET', '/api/notifications');
    expectNoAuthor(notes);
    const file = await server.request(`/api/books/${job.id}/file`, { headers: { cookie: moderator.cookie } });
    expect(file.status).toBe(200);
    const pdf = readPdf(new Uint8Array(await file.arrayBuffer()));
    expect(hasText(pdf, `The ${SECRET_WORD} bench by the lake — Anonymous`)).toBe(true);
    expect(hasText(pdf, `The ${SECRET_WORD} bench by the lake — Ysolde`)).toBe(false);
    // She is in the book as a member of the class, as the class page lists her: never beside her answer.
    expect(hasText(pdf, 'Ysolde Bookwright')).toBe(true);
    expect(pdf.compactText).not.toContain(identity.email);
  });

  it("the feed's campus and class tabs never hold an anonymous post: writing one, or moving campus, changes only Everyone", async () => {
    // A writer of her own, in the viewers' campus and class, whom the scan now seeks.
    const writer = await createMember(server, { fullName: 'Yara Tabwright' });
    const kept = identity;
    identity = {
      id: writer.account.userId,
      username: writer.username,
      'full name': 'Yara Tabwright',
      email: writer.account.email,
    };
    const placeOf = (who: Member, campus: string, year: number) =>
      server.database.db.execute(
        sql`update profiles set institution = ${campus}, graduation_year = ${year} where user_id = ${who.account.userId}`,
      );
    try {
      for (const viewer of [other, moderator, admin]) await placeOf(viewer, 'VITC', 2027);
      await placeOf(writer, 'VITC', 2027);
      const tabs = async () => {
        const seen: Record<string, string> = {};
        for (const viewer of [other, moderator, admin]) {
          for (const feed of ['vitc', 'vitv', 'class']) {
            for (const sort of ['default', 'newest', 'most_liked']) {
              const read = await fetchAs(viewer, 'GET', `/api/posts?feed=${feed}&sort=${sort}`);
              expect(read.status, read.what).toBe(200);
              expectNoAuthor(read);
              seen[read.what] = steady(read.body);
            }
          }
        }
        return seen;
      };
      const before = await tabs();
      const written = await ok<{ id: string }>(
        fetchAs(writer, 'POST', '/api/posts', {
          content: `My ${SECRET_WORD} classmate confession`,
          isAnonymous: true,
        }),
      );
      // Liked by a classmate: the most liked order would move if it were there.
      await ok(fetchAs(other, 'PUT', `/api/posts/${written.id}/like`));
      expect(await tabs()).toEqual(before);
      // Everyone holds it, naming no one. (Not vacuous: the tabs were read, and it is in the feed.)
      const everyone = await fetchAs(other, 'GET', '/api/posts?sort=newest');
      expect(everyone.body).toContain(written.id);
      expectNoAuthor(everyone);
      // She moves to the other campus and class: no tab of either changes for anyone.
      await placeOf(writer, 'VITV', 2028);
      expect(await tabs()).toEqual(before);
    } finally {
      identity = kept;
    }
  });

  it('is not inferable from web push: turning it on or off changes nothing anyone else reads, and a push names no one', async () => {
    // A writer of her own (the first author is suspended by now), whose anonymous post is replied to.
    const writer = await createMember(server, { fullName: 'Wilhelmina Pushwright' });
    const kept = identity;
    identity = {
      id: writer.account.userId,
      username: writer.username,
      'full name': 'Wilhelmina Pushwright',
      email: writer.account.email,
    };
    const endpoint = await startPushEndpoint();
    try {
      const postId = (
        await ok<{ id: string }>(
          fetchAs(writer, 'POST', '/api/posts', {
            content: `A ${SECRET_WORD} thought at 2 am`,
            isAnonymous: true,
          }),
        )
      ).id;
      // What anyone else reads: the post, its replies, the feed, the writer's profile, their own
      // notifications and bell.
      const othersReads = async () => {
        const seen: Record<string, string> = {};
        for (const viewer of [other, moderator, admin, null]) {
          for (const url of [
            `/api/posts/${postId}`,
            `/api/posts/${postId}/replies`,
            '/api/posts?sort=newest',
            `/api/profiles/${writer.username}`,
            '/api/notifications',
            '/api/notifications/unread',
          ]) {
            const read = await fetchAs(viewer, 'GET', url);
            // Her profile names her, as it should: it is compared, not scanned.
            if (!url.startsWith('/api/profiles/')) expectNoAuthor(read);
            seen[read.what] = steady(`${read.status} ${read.body}`);
          }
        }
        return seen;
      };
      /** A reply by another member, as its writer is answered (ids and times aside). */
      const replied = async () => {
        const answer = await fetchAs(other, 'POST', `/api/posts/${postId}/replies`, { content: 'Same here' });
        expect(answer.status, answer.what).toBe(201);
        expectNoAuthor(answer);
        return steady(answer.body)
          .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>')
          .replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z/g, '<time>');
      };
      const withoutPush = await replied();
      // Turning push on (a device, and a choice per kind) changes nothing anyone else reads.
      const before = await othersReads();
      const device = makePushDevice();
      const subscription = { endpoint: `${endpoint.origin}/device/writer`, keys: device.keys };
      expect((await fetchAs(writer, 'PUT', '/api/push/subscription', subscription)).status).toBe(200);
      const choice = { settings: [{ kind: 'post_replied', inApp: true, digest: 'off', push: true }] };
      expect((await fetchAs(writer, 'PUT', '/api/notifications/settings', choice)).status).toBe(200);
      expect(await othersReads()).toEqual(before);
      // The replier's answer is the same whether or not the anonymous writer takes pushes.
      expect(await replied()).toEqual(withoutPush);
      await vi.waitFor(
        async () => {
          await server.push.settle();
          expect(endpoint.to('/device/writer')).toHaveLength(1);
        },
        { timeout: 15_000 },
      );
      // What the push service was sent, and what the device reads: the kind, and nothing of anyone.
      const [push] = endpoint.to('/device/writer');
      if (!push) throw new Error('no push');
      const decrypted = device.decrypt(push.body);
      expect(JSON.parse(decrypted)).toEqual({ kind: 'post_replied' });
      const pushed: Answer = {
        what: 'the push for a reply to her anonymous post',
        status: 201,
        text: `${JSON.stringify(push.headers)}\n${push.body.toString('latin1')}\n${decrypted}`,
        body: decrypted,
        location: null,
      };
      expectNoAuthor(pushed);
      expect(pushed.text.includes(SECRET_WORD)).toBe(false);
      expect(pushed.text.includes(postId)).toBe(false);
      // Turning it off changes nothing anyone else reads either.
      const withPush = await othersReads();
      const off = await fetchAs(writer, 'DELETE', '/api/push/subscription', {
        endpoint: subscription.endpoint,
      });
      expect(off.status).toBe(200);
      expect(await othersReads()).toEqual(withPush);
    } finally {
      await endpoint.close();
      identity = kept;
    }
  });

  it('was scanned in every answer', () => {
    console.log(`anonymity scan: ${scanned} answers (bodies and headers) hold nothing of the author`);
    expect(scanned).toBeGreaterThan(150);
  });
});
