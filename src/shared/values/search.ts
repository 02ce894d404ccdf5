// The zod-free half of the search contract (../search.ts), for the pages every visitor opens (decision 013).
import type { SearchCount } from '../search';

export const SEARCH_MESSAGES = {
  queryRequired: 'Type something to search for.',
  failed: 'An error occurred while searching. Please try again.',
  noUsers: 'No users found',
  noPosts: (query: string) => `No posts found matching "${query}"`,
} as const;

export const SEARCH_TYPES = ['all', 'users', 'posts'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const SEARCH_TYPE_LABELS: Record<SearchType, string> = { all: 'All', users: 'Users', posts: 'Posts' };

export const SEARCH_QUERY_MAX_LENGTH = 100;
/** Counts stop here: "50+" is as useful to a person as an exact count of a million rows. */
export const SEARCH_COUNT_CAP = 50;

export function describeCount({ count, more }: SearchCount): string {
  return more ? `${count}+` : String(count);
}
