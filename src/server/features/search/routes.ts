import { Hono } from 'hono';
import { anonymousLabel } from '../../../shared/replies';
import { postSearchPageSchema, searchRequestSchema, userSearchPageSchema } from '../../../shared/search';
import { allow } from '../../auth/guard';
import { authorizeSignedIn } from '../../auth/policies';
import { loadViewer, type ViewerDeps } from '../../auth/viewer';
import type { AppEnv } from '../../http/context';
import { describeRoute } from '../../http/describe-route';
import type { ObjectStorage } from '../../platform/storage';
import { presentPost } from '../posts';
import { searchPosts } from './search-posts';
import { searchUsers } from './search-users';

const users = describeRoute({
  summary: 'Members whose username or name contains the text (not those who blocked the viewer)',
  tag: 'search',
  access: 'signed in',
  query: searchRequestSchema,
  answer: userSearchPageSchema,
});
const postsRoute = describeRoute({
  summary:
    'Posts containing the text, newest first (anonymous ones as Anonymous), without what the viewer blocked, muted or hid',
  tag: 'search',
  access: 'signed in',
  query: searchRequestSchema,
  answer: postSearchPageSchema,
});

/** /api/search: signed-in people search people and posts (SPEC §6). A blank query is a 400. */
export function searchRoutes(deps: ViewerDeps & { storage: ObjectStorage }) {
  const { db, storage } = deps;
  return new Hono<AppEnv>()
    .use(loadViewer(deps))
    .get('/users', users.doc, allow(authorizeSignedIn), async (c) => {
      const { q, cursor } = users.query(c);
      const { rows, nextCursor, total } = await searchUsers(db, q, cursor, c.var.caller.userId);
      return c.json({
        users: rows.map((row) => ({
          username: row.username,
          fullName: row.fullName,
          profilePictureUrl: row.pictureKey ? storage.publicUrl(row.pictureKey) : null,
        })),
        nextCursor,
        total,
      });
    })
    .get('/posts', postsRoute.doc, allow(authorizeSignedIn), async (c) => {
      const viewer = c.var.caller;
      const { q, cursor } = postsRoute.query(c);
      const { rows, nextCursor, total } = await searchPosts(db, q, viewer.userId, cursor);
      return c.json({
        posts: rows.map((row) => ({
          ...presentPost(row, viewer, storage),
          thread: row.threadId
            ? {
                postId: row.threadId,
                label: row.isAnonymous && row.threadLabel !== null ? anonymousLabel(row.threadLabel) : null,
              }
            : null,
        })),
        nextCursor,
        total,
      });
    });
}
