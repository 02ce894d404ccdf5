// The book's routes (issue #52, decision 041). Asking for a book queues a job and answers 202 with it at
// once; the screens ask for the job until it is ready, then download its file. A page job is its
// requester's alone; a class job is any staff member's ('book:make-class'): anyone else is answered 404,
// as for a job that does not exist. The author of an anonymous askline answer sets whether it is
// printed, unnamed, in their class's book; to anyone else that post's switch does not exist (404, as
// for a post that does not exist).
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  BOOK_LIMITS,
  BOOK_MESSAGES,
  bookFileName,
  bookJobSchema,
  bookPostPageSchema,
  bookPostsQuerySchema,
  classBookQuerySchema,
  classBookSchema,
  classBookSwitchRequestSchema,
  classBookSwitchSchema,
  makeClassBookRequestSchema,
  makeMyBookRequestSchema,
  myBookSchema,
} from '../../../shared/book';
import type { Institution } from '../../../shared/institutions';
import { idParamsSchema } from '../../../shared/path-params';
import { POST_MESSAGES } from '../../../shared/posts';
import { CLASS_MESSAGES, classParamsSchema, classYearOf } from '../../../shared/yearbook';
import { AppError } from '../../app-error';
import { allow } from '../../auth/guard';
import { authorize, authorizeMember, can } from '../../auth/policies';
import type { Viewer } from '../../auth/viewer';
import { loadViewer, type ViewerDeps } from '../../auth/viewer';
import { type Db, queryRows } from '../../db/client';
import { cursorTime, decodeCursor, takePage } from '../../db/keyset-cursor';
import type { AppEnv } from '../../http/context';
import { describeRoute } from '../../http/describe-route';
import { rateLimit } from '../../http/rate-limits';
import type { RateLimiter } from '../../platform/rate-limit';
import { type ObjectStorage, PRIVATE_CACHE_CONTROL } from '../../platform/storage';
import { presentClassmate, viewerOfClass } from '../yearbook';
import { classMembers } from './contents';
import {
  type BookJobRow,
  findBookJob,
  isExpired,
  latestClassJob,
  latestPageJob,
  presentBookJob,
  queueClassJob,
  queuePageJob,
} from './jobs';

export interface BookDeps extends ViewerDeps {
  storage: ObjectStorage;
  rateLimiter: RateLimiter;
  /** The book maker of this instance: woken when a job is queued. */
  books: { wake(): void };
}

const member = allow((viewer) => authorizeMember(viewer, BOOK_MESSAGES.signedOut));
const staff = allow((viewer) =>
  authorize(authorizeMember(viewer, BOOK_MESSAGES.signedOut), 'book:make-class', undefined, {
    forbidden: 'Only staff can make a class book.',
  }),
);
const missing = () => new AppError('not_found', BOOK_MESSAGES.missing);

const myBook = describeRoute({
  summary: "The viewer's latest yearbook page job, and the posts it chose (to choose them again)",
  tag: 'book',
  access: 'members with a profile (their own)',
  answer: myBookSchema,
});
const myPosts = describeRoute({
  summary: "The viewer's own named live posts (not replies), newest first, to choose from for their page",
  tag: 'book',
  access: 'members with a profile (their own)',
  query: bookPostsQuerySchema,
  answer: bookPostPageSchema,
});
const makeMine = describeRoute({
  summary:
    "Make the viewer's yearbook page as a PDF: queued at once (202); up to 20 of their own named live posts, in this order",
  tag: 'book',
  access: 'members with a profile; one page being made at a time (409)',
  body: makeMyBookRequestSchema,
  answer: bookJobSchema,
  status: 202,
});
const oneJob = describeRoute({
  summary: 'A book job: its progress, and once made its file until it expires',
  tag: 'book',
  access: "its requester; a class book's, any staff; 404 to anyone else",
  params: idParamsSchema,
  answer: bookJobSchema,
});
const jobFile = describeRoute({
  summary: "A made book's PDF, as an attachment; 410 once its week is over",
  tag: 'book',
  access: "its requester; a class book's, any staff; 404 to anyone else",
  params: idParamsSchema,
  answer: 'application/pdf',
});
const classCheck = describeRoute({
  summary:
    "A class book's check before it is made: how many members it prints, those without a photo, and the class's latest book",
  tag: 'book',
  access: 'staff (admins and moderators)',
  params: classParamsSchema,
  query: classBookQuerySchema,
  answer: classBookSchema,
});
const makeClass = describeRoute({
  summary: "Make a class's book as a PDF: queued at once (202)",
  tag: 'book',
  access: 'staff (admins and moderators); one book of a class being made at a time (409)',
  params: classParamsSchema,
  body: makeClassBookRequestSchema,
  answer: bookJobSchema,
  status: 202,
});
const classBookSwitch = describeRoute({
  summary:
    "Include one's own anonymous askline answer in the class book, unnamed (printed as 'Anonymous'), or not",
  tag: 'book',
  access: 'the author of that anonymous askline answer; 404 to anyone else, as for no post',
  params: idParamsSchema,
  body: classBookSwitchRequestSchema,
  answer: classBookSwitchSchema,
});

/** The job, if the viewer may see it: else 404, the same as for no job. */
async function visibleJob(db: Db, viewer: Viewer, id: string | undefined): Promise<BookJobRow> {
  const row = id ? await findBookJob(db, id) : null;
  if (!row) throw missing();
  const mine = row.requested_by === viewer.userId;
  if (row.kind === 'page' ? !mine : !can(viewer, 'book:make-class')) throw missing();
  return row;
}

const postCursor = z.tuple([cursorTime, z.uuid()]);

/** /api/me/book: one's own page. */
export function myBookRoutes(deps: BookDeps) {
  const { db, rateLimiter } = deps;
  return new Hono<AppEnv>()
    .use(loadViewer(deps))
    .get('/book', myBook.doc, member, async (c) => {
      const userId = c.var.caller.userId;
      const latest = await latestPageJob(db, userId);
      // The last choice, less what is no longer choosable (deleted since, say): the page ticks these
      // again, and an id on none of /book/posts' pages could not be unticked before the next request.
      const chosen = latest?.post_ids?.length
        ? await queryRows<{ id: string }>(
            db,
            sql`select p.id::text from unnest(${`{${latest.post_ids.join(',')}}`}::uuid[]) with ordinality as c(id, n)
                join posts p on p.id = c.id
                where p.user_id = ${userId} and p.parent_id is null and not p.deleted and not p.is_anonymous
                order by c.n`,
          )
        : [];
      return c.json({
        latest: latest ? presentBookJob(latest) : null,
        chosenPostIds: chosen.map((row) => row.id),
      });
    })
    .get('/book/posts', myPosts.doc, member, async (c) => {
      const { cursor } = myPosts.query(c);
      const after = cursor ? decodeCursor(cursor, postCursor) : null;
      // The profile's list (posts_user_top_created_idx), named and live ones only.
      const rows = await queryRows<{
        id: string;
        content: string;
        created_at: Date | string;
        exactly: string;
        like_count: number;
      }>(
        db,
        sql`select id::text, content, created_at, created_at::text as exactly, like_count from posts
            where user_id = ${c.var.caller.userId} and parent_id is null and not deleted and not is_anonymous
              ${after ? sql`and (created_at, id) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``}
            order by created_at desc, id desc limit ${BOOK_LIMITS.postsPage + 1}`,
      );
      const page = takePage(rows, BOOK_LIMITS.postsPage, (last) => [last.exactly, last.id]);
      return c.json({
        posts: page.rows.map((row) => ({
          id: row.id,
          content: row.content,
          createdAt: new Date(row.created_at).toISOString(),
          likeCount: row.like_count,
        })),
        nextCursor: page.nextCursor,
      });
    })
    .post('/book', makeMine.doc, member, rateLimit(rateLimiter, 'bookMake', 'account'), async (c) => {
      const { paper, postIds } = await makeMine.body(c);
      const row = await queuePageJob(db, { userId: c.var.caller.userId, paper, postIds });
      deps.books.wake();
      return c.json(presentBookJob(row), 202);
    });
}

/** /api/books/{id}: a job, and its file. */
export function bookJobRoutes(deps: BookDeps) {
  const { db, storage } = deps;
  return new Hono<AppEnv>()
    .use(loadViewer(deps))
    .get('/:id', oneJob.doc, member, async (c) => {
      const row = await visibleJob(db, c.var.caller, oneJob.params(c)?.id);
      return c.json(presentBookJob(row));
    })
    .get('/:id/file', jobFile.doc, member, async (c) => {
      const row = await visibleJob(db, c.var.caller, jobFile.params(c)?.id);
      if (row.status !== 'ready') throw missing();
      if (isExpired(row) || !row.object_key) throw new AppError('gone', BOOK_MESSAGES.expired);
      const file = await storage.open(row.object_key, c.req.raw.signal);
      if (!file) throw new AppError('gone', BOOK_MESSAGES.expired);
      const name =
        row.kind === 'class' && row.year !== null && row.campus !== null
          ? bookFileName({ kind: 'class', year: row.year, campus: row.campus })
          : bookFileName({ kind: 'page', username: await usernameOf(db, row.requested_by) });
      return new Response(Readable.toWeb(file.body) as ReadableStream, {
        status: 200,
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Length': String(file.size),
          'Content-Disposition': `attachment; filename="${name}"`,
          'Cache-Control': PRIVATE_CACHE_CONTROL,
        },
      });
    });
}

async function usernameOf(db: Db, userId: string): Promise<string> {
  const [row] = await queryRows<{ username: string }>(
    db,
    sql`select username from profiles where user_id = ${userId}`,
  );
  return row?.username ?? 'me';
}

function classOf(year: string | undefined): number {
  const found = classYearOf(year);
  if (found === null) throw new AppError('not_found', CLASS_MESSAGES.noSuchClass);
  return found;
}

/** /api/classes/{year}/book: staff's class books. */
export function classBookRoutes(deps: BookDeps) {
  const { db, storage, rateLimiter } = deps;
  return new Hono<AppEnv>()
    .use(loadViewer(deps))
    .get('/:year/book', classCheck.doc, staff, async (c) => {
      const year = classOf(classCheck.params(c)?.year);
      const asked = classCheck.query(c).campus;
      const campus: Institution =
        asked ?? (await viewerOfClass(db, c.var.caller.userId, year))?.campus ?? 'VITC';
      const [members, latest] = await Promise.all([
        classMembers(db, year, campus),
        latestClassJob(db, year, campus),
      ]);
      return c.json({
        year,
        campus,
        memberCount: members.length,
        withoutPhoto: members
          .filter((row) => row.pictureKey === null)
          .map((row) =>
            presentClassmate(
              { username: row.username, fullName: row.fullName, pictureKey: null, bio: row.bioLine },
              storage,
            ),
          ),
        latest: latest ? presentBookJob(latest) : null,
      });
    })
    .post('/:year/book', makeClass.doc, staff, rateLimit(rateLimiter, 'bookMake', 'account'), async (c) => {
      const year = classOf(makeClass.params(c)?.year);
      const { campus, paper } = await makeClass.body(c);
      const row = await queueClassJob(db, { userId: c.var.caller.userId, paper, year, campus });
      deps.books.wake();
      return c.json(presentBookJob(row), 202);
    });
}

/** /api/posts/{id}/class-book: the author's switch on their own anonymous askline answer. */
export function classBookSwitchRoutes(deps: BookDeps) {
  const { db, rateLimiter } = deps;
  return new Hono<AppEnv>()
    .use(loadViewer(deps))
    .put(
      '/:id/class-book',
      classBookSwitch.doc,
      member,
      rateLimit(rateLimiter, 'classBookSwitch', 'account'),
      async (c) => {
        const id = classBookSwitch.params(c)?.id;
        const { include } = await classBookSwitch.body(c);
        // One statement: the switch exists only on the caller's own live anonymous askline answer.
        const [row] = id
          ? await queryRows<{ in_class_book: boolean }>(
              db,
              sql`update posts set in_class_book = ${include}
                  where id = ${id}::uuid and user_id = ${c.var.caller.userId} and is_anonymous
                    and askline_id is not null and parent_id is null and not deleted
                  returning in_class_book`,
            )
          : [];
        if (!row) throw new AppError('not_found', POST_MESSAGES.notFound);
        return c.json({ includeInClassBook: row.in_class_book });
      },
    );
}
