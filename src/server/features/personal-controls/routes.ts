import { Hono } from 'hono';
import { idParamsSchema, rowIdSchema } from '../../../shared/path-params';
import {
  addMutedWordRequestSchema,
  CONTROL_LIMITS,
  CONTROL_MESSAGES,
  controlledPeoplePageSchema,
  controlledPersonSchema,
  controlTargetRequestSchema,
  hiddenPostAnswerSchema,
  hiddenPostsPageSchema,
  hidePostRequestSchema,
  mutedWordListSchema,
  mutedWordSchema,
} from '../../../shared/personal-controls';
import { POST_MESSAGES, pageQuerySchema } from '../../../shared/posts';
import { AppError } from '../../app-error';
import { allow } from '../../auth/guard';
import { authorizeMember } from '../../auth/policies';
import { loadViewer, type ViewerDeps } from '../../auth/viewer';
import type { AppEnv } from '../../http/context';
import { describeRoute } from '../../http/describe-route';
import { rateLimit } from '../../http/rate-limits';
import type { RateLimiter } from '../../platform/rate-limit';
import type { ObjectStorage } from '../../platform/storage';
import { presentPost } from '../posts';
import { hidePost, listHiddenPosts, unhidePost } from './hidden-posts';
import { addMutedWord, listMutedWords, removeMutedWord } from './muted-words';
import { addPeopleControl, listPeopleControls, type PeopleControl, removePeopleControl } from './people';

interface ControlDeps extends ViewerDeps {
  storage: ObjectStorage;
  rateLimiter: RateLimiter;
}

const ACCESS = 'members with a profile';
const member = allow((viewer) => authorizeMember(viewer));

/** The three routes of a person control (blocks, mutes), described once for each. */
function peopleRoutes(control: PeopleControl, words: { noun: string; done: string; undo: string }) {
  return {
    list: describeRoute({
      summary: `The people you ${words.done}, newest first, and how many of the ${CONTROL_LIMITS[`${control}s`].toLocaleString('en-US')} allowed`,
      tag: 'personal controls',
      access: ACCESS,
      query: pageQuerySchema,
      answer: controlledPeoplePageSchema,
    }),
    add: describeRoute({
      summary: `${words.noun} a person by username (never told; their anonymous posts are untouched)`,
      tag: 'personal controls',
      access: ACCESS,
      body: controlTargetRequestSchema,
      answer: controlledPersonSchema,
      status: 201,
    }),
    remove: describeRoute({
      summary: `${words.undo} a person`,
      tag: 'personal controls',
      access: ACCESS,
      answer: 'none',
      status: 204,
    }),
  };
}

const blockRoutes = peopleRoutes('block', { noun: 'Block', done: 'blocked', undo: 'Unblock' });
const muteRoutes = peopleRoutes('mute', { noun: 'Mute', done: 'muted', undo: 'Unmute' });

const hiddenList = describeRoute({
  summary: 'The posts you hid ("Not for me", "Mute this author"), newest first, each with Undo',
  tag: 'personal controls',
  access: ACCESS,
  query: pageQuerySchema,
  answer: hiddenPostsPageSchema,
});
const hide = describeRoute({
  summary:
    'Hide a post from your lists: "Not for me", or "Mute this author" on an anonymous post (that post alone)',
  tag: 'personal controls',
  access: ACCESS,
  body: hidePostRequestSchema,
  answer: hiddenPostAnswerSchema,
  status: 201,
});
const unhide = describeRoute({
  summary: 'Show a hidden post again (Undo)',
  tag: 'personal controls',
  access: ACCESS,
  params: idParamsSchema,
  answer: 'none',
  status: 204,
});
const wordList = describeRoute({
  summary: 'Your muted words and phrases acting now, newest first',
  tag: 'personal controls',
  access: ACCESS,
  answer: mutedWordListSchema,
});
const addWord = describeRoute({
  summary: 'Mute a word or phrase for 24h, 7d, 30d or always (matched as the text check reads text)',
  tag: 'personal controls',
  access: ACCESS,
  body: addMutedWordRequestSchema,
  answer: mutedWordSchema,
  status: 201,
});
const removeWord = describeRoute({
  summary: 'Stop muting a word or phrase',
  tag: 'personal controls',
  access: ACCESS,
  params: idParamsSchema,
  answer: 'none',
  status: 204,
});

/**
 * /api/controls (issue #48, decision 032): a member's blocks, mutes, hidden posts and muted words.
 * Each reads and changes the caller's own alone; changes are rate limited (a script toggling them
 * gains nothing, but costs the lists' work).
 */
export function personalControlRoutes(deps: ControlDeps) {
  const { db, storage, rateLimiter } = deps;
  const limited = rateLimit(rateLimiter, 'personalControls', 'account');
  const app = new Hono<AppEnv>().use(loadViewer(deps));

  for (const [path, control, described] of [
    ['/blocks', 'block', blockRoutes],
    ['/mutes', 'mute', muteRoutes],
  ] as const) {
    app
      .get(path, described.list.doc, member, async (c) => {
        const { cursor } = described.list.query(c);
        return c.json(
          await listPeopleControls(db, storage, { control, actorId: c.var.caller.userId, cursor }),
        );
      })
      .post(path, described.add.doc, member, limited, async (c) => {
        const { username } = await described.add.body(c);
        const person = await addPeopleControl(db, storage, {
          control,
          actorId: c.var.caller.userId,
          username,
        });
        return c.json(person, 201);
      })
      .delete(`${path}/:username`, described.remove.doc, member, limited, async (c) => {
        await removePeopleControl(db, {
          control,
          actorId: c.var.caller.userId,
          username: c.req.param('username'),
        });
        return c.body(null, 204);
      });
  }

  return app
    .get('/hidden-posts', hiddenList.doc, member, async (c) => {
      const viewer = c.var.caller;
      const { cursor } = hiddenList.query(c);
      const { rows, nextCursor } = await listHiddenPosts(db, { userId: viewer.userId, cursor });
      return c.json({
        hidden: rows.map((row) => ({
          reason: row.hiddenReason,
          hiddenAt: new Date(row.hiddenAt).toISOString(),
          post: presentPost(row, viewer, storage),
        })),
        nextCursor,
      });
    })
    .post('/hidden-posts', hide.doc, member, limited, async (c) => {
      const { postId, reason } = await hide.body(c);
      const id = rowIdSchema.safeParse(postId);
      if (!id.success) throw new AppError('not_found', POST_MESSAGES.notFound);
      return c.json(await hidePost(db, { userId: c.var.caller.userId, postId: id.data, reason }), 201);
    })
    .delete('/hidden-posts/:id', unhide.doc, member, limited, async (c) => {
      const params = unhide.params(c);
      if (!params) throw new AppError('not_found', CONTROL_MESSAGES.notHidden);
      await unhidePost(db, { userId: c.var.caller.userId, postId: params.id });
      return c.body(null, 204);
    })
    .get('/muted-words', wordList.doc, member, async (c) => {
      return c.json({
        words: await listMutedWords(db, c.var.caller.userId),
        limit: CONTROL_LIMITS.mutedWords,
      });
    })
    .post('/muted-words', addWord.doc, member, limited, async (c) => {
      const { phrase, duration } = await addWord.body(c);
      return c.json(await addMutedWord(db, { userId: c.var.caller.userId, phrase, duration }), 201);
    })
    .delete('/muted-words/:id', removeWord.doc, member, limited, async (c) => {
      const params = removeWord.params(c);
      if (!params) throw new AppError('not_found', CONTROL_MESSAGES.wordMissing);
      await removeMutedWord(db, { userId: c.var.caller.userId, id: params.id });
      return c.body(null, 204);
    });
}
