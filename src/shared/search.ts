// Search (SPEC §2 Search, §5, §7): people by username or full name, posts by their text. Both lists are
// paged by keyset cursors; counts stop at a cap and say "50+" rather than counting every match.
import * as z from 'zod/mini';
import { postSchema } from './posts';
import { searchTextSchema } from './text-rules';
import { SEARCH_QUERY_MAX_LENGTH } from './values/search';

/** GET /api/search/users and /api/search/posts */
export const searchRequestSchema = z.strictObject({
  q: searchTextSchema(SEARCH_QUERY_MAX_LENGTH),
  cursor: z.optional(z.string().check(z.maxLength(200, 'That page link is not valid.'))),
});

/** How many matched: exact up to the cap, else at least the cap. */
export const searchCountSchema = z.object({ count: z.number(), more: z.boolean() });
export type SearchCount = z.infer<typeof searchCountSchema>;

export const userResultSchema = z.object({
  username: z.string(),
  fullName: z.string(),
  profilePictureUrl: z.nullable(z.string()),
});
export type UserResult = z.infer<typeof userResultSchema>;

export const userSearchPageSchema = z.object({
  users: z.array(userResultSchema),
  nextCursor: z.nullable(z.string()),
  /** On the first page only. */
  total: z.nullable(searchCountSchema),
});
export type UserSearchPage = z.infer<typeof userSearchPageSchema>;

/**
 * A post found, or a reply (issue #49): a reply names its thread, and when anonymous its label there
 * ("Anonymous 2"), as the thread shows it.
 */
export const postResultSchema = z.extend(postSchema, {
  thread: z.nullable(z.object({ postId: z.string(), label: z.nullable(z.string()) })),
});
export type PostResult = z.infer<typeof postResultSchema>;

export const postSearchPageSchema = z.object({
  posts: z.array(postResultSchema),
  nextCursor: z.nullable(z.string()),
  total: z.nullable(searchCountSchema),
});
export type PostSearchPage = z.infer<typeof postSearchPageSchema>;

export * from './values/search';
