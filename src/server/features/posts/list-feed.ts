import { not, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { FEED_PAGE_SIZE, type FeedSort, type FeedTab } from '../../../shared/posts';
import type { Db } from '../../db/client';
import { cursorCount, cursorTime, decodeCursor, encodeCursor } from '../../db/keyset-cursor';
import { posts } from '../../db/schema';
import {
  type ListOrder,
  type ListRow,
  listStatement,
  type ReadPage,
  readPage,
  stoppedAtLimit,
} from './list-page';
import { olderThan } from './select-posts';

const exactTime = cursorTime;
const cursorShapes = {
  newest: z.tuple([exactTime, z.uuid()]),
  oldest: z.tuple([exactTime, z.uuid()]),
  most_liked: z.tuple([cursorCount, exactTime, z.uuid()]),
  default: z.tuple([z.boolean(), exactTime, z.uuid()]),
} as const;

const viewerId = sql.placeholder('viewerId');
const time = sql.placeholder('time');
const id = sql.placeholder('id');
const likes = sql.placeholder('likes');
const newestFirst: ListOrder = [
  ['createdAt', 'desc'],
  ['id', 'desc'],
];
const oldestFirst: ListOrder = [
  ['createdAt', 'asc'],
  ['id', 'asc'],
];
const liked = sql`exists (select 1 from likes l where l.post_id = ${posts.id} and l.user_id = ${viewerId})`;

/**
 * Which posts a tab holds (issue #51, decision 038): a campus's or a class's tab reads the author's
 * campus or class kept with a named post (migration 0027), which an anonymous post never has.
 */
const TAB_WHERE: Record<FeedTab, SQL | undefined> = {
  everyone: undefined,
  vitc: sql`${posts.authorCampus} = 'VITC'`,
  vitv: sql`${posts.authorCampus} = 'VITV'`,
  class: sql`${posts.authorYear} = (select pr.graduation_year from profiles pr where pr.user_id = ${viewerId})`,
};

const both = (...parts: (SQL | undefined)[]) => {
  const present = parts.filter((part) => part !== undefined);
  return present.length === 0 ? undefined : sql.join(present, sql` and `);
};

/**
 * Each order's first page and the pages after a cursor (whose values are bound, never written in), of
 * one tab: prepared statements, made the first time the tab is read.
 */
function tabPages(tab: FeedTab) {
  const name = (order: string) => (tab === 'everyone' ? `feed_${order}` : `feed_${order}_${tab}`);
  /** A feed page as a prepared statement: the viewer's feed (personal-controls LIST_RULES.feed). */
  const feedPage = (order: string, where: SQL | undefined, orderBy: ListOrder) =>
    listStatement(name(order), 'feed', both(TAB_WHERE[tab], where), orderBy);
  return {
    newest: {
      first: feedPage('newest', undefined, newestFirst),
      after: feedPage('newest_after', olderThan(time, id), newestFirst),
    },
    oldest: {
      first: feedPage('oldest', undefined, oldestFirst),
      after: feedPage(
        'oldest_after',
        sql`(${posts.createdAt}, ${posts.id}) > (${time}::timestamptz, ${id}::uuid)`,
        oldestFirst,
      ),
    },
    most_liked: {
      first: feedPage('most_liked', undefined, [['likeCount', 'desc'], ...newestFirst]),
      after: feedPage(
        'most_liked_after',
        sql`(${posts.likeCount}, ${posts.createdAt}, ${posts.id}) < (${likes}::integer, ${time}::timestamptz, ${id}::uuid)`,
        [['likeCount', 'desc'], ...newestFirst],
      ),
    },
    // The default order's two groups (listDefaultFeed).
    unliked: {
      first: feedPage('unliked', not(liked), newestFirst),
      after: feedPage('unliked_after', sql`not ${liked} and ${olderThan(time, id)}`, newestFirst),
    },
    liked: {
      first: feedPage('liked', liked, newestFirst),
      after: feedPage('liked_after', sql`${liked} and ${olderThan(time, id)}`, newestFirst),
    },
  };
}

type TabPages = ReturnType<typeof tabPages>;
const madePages = new Map<FeedTab, TabPages>();
const pagesOf = (tab: FeedTab): TabPages => {
  let made = madePages.get(tab);
  if (!made) {
    made = tabPages(tab);
    madePages.set(tab, made);
  }
  return made;
};

export interface FeedPage {
  rows: ListRow[];
  nextCursor: string | null;
  /** Posts the viewer's muted words hid from this page's range (0 with showMuted). */
  hiddenByMutedWords: number;
}

/**
 * One page of the dashboard feed (SPEC §2, §9): live posts in the chosen order, FEED_PAGE_SIZE at a
 * time, each page continuing after the last row of the one before. Every order ends with the post id,
 * so rows with equal sort values still have one place and are never skipped or repeated. The viewer's
 * personal controls are applied in the statement (list-page.ts); `showMuted` shows what their muted
 * words hide.
 */
export async function listFeed(options: {
  db: Db;
  viewerId: string;
  sort: FeedSort;
  /** The tab (issue #51): every post unless it says a campus or the viewer's class. */
  tab?: FeedTab;
  cursor: string | undefined;
  showMuted?: boolean;
}): Promise<FeedPage> {
  const { db, viewerId, sort, cursor, showMuted = false } = options;
  const pages = pagesOf(options.tab ?? 'everyone');
  if (sort === 'default') return listDefaultFeed(db, pages, viewerId, cursor, showMuted);

  const bound = { viewerId, showMuted };
  let rows: ListRow[];
  if (!cursor) {
    rows = await pages[sort].first(db).execute(bound);
  } else if (sort === 'most_liked') {
    const [likes, time, id] = decodeCursor(cursor, cursorShapes.most_liked);
    rows = await pages.most_liked.after(db).execute({ ...bound, likes, time, id });
  } else {
    const [time, id] = decodeCursor(cursor, cursorShapes[sort]);
    rows = await pages[sort].after(db).execute({ ...bound, time, id });
  }
  const page = readPage(rows, FEED_PAGE_SIZE, { show: showMuted, stoppedAtLimit: stoppedAtLimit(rows) });
  return feedPageOf(page, (last) =>
    sort === 'most_liked' ? [last.likeCount, last.createdAtExact, last.id] : [last.createdAtExact, last.id],
  );
}

function feedPageOf(page: ReadPage<ListRow>, cursorOf: (last: ListRow) => unknown[]): FeedPage {
  return {
    rows: page.rows,
    nextCursor: page.last ? encodeCursor(cursorOf(page.last)) : null,
    hiddenByMutedWords: page.hidden,
  };
}

/**
 * The default order: posts the viewer has not liked, newest first, then the ones they have, newest
 * first. Each group is its own keyset scan: ordering every live post by "liked by me" in one query
 * would make PostgreSQL look at all of them for every page. The unliked group reads
 * posts_feed_newest_top_idx and stops at a page, which is nearly always enough; only a page that reaches
 * its end goes on to the liked group, which starts from the viewer's likes.
 */
async function listDefaultFeed(
  db: Db,
  pages: TabPages,
  viewerId: string,
  cursor: string | undefined,
  showMuted: boolean,
) {
  const [afterLiked, time, id] = cursor ? decodeCursor(cursor, cursorShapes.default) : [false];
  const at = time && id ? { time, id } : null;
  const bound = { viewerId, showMuted };
  const group = (which: 'liked' | 'unliked', from: typeof at): Promise<ListRow[]> =>
    from ? pages[which].after(db).execute({ ...bound, ...from }) : pages[which].first(db).execute(bound);
  const cursorOf = (last: ListRow) => [last.likedByMe, last.createdAtExact, last.id];
  const show = showMuted;
  if (!afterLiked) {
    const unliked = await group('unliked', at);
    const page = readPage(unliked, FEED_PAGE_SIZE, { show, stoppedAtLimit: stoppedAtLimit(unliked) });
    // More unliked posts, or a stop at the limit: the page is the unliked group's alone.
    if (page.last) return feedPageOf(page, cursorOf);
    const liked = await group('liked', null);
    const both = [...unliked, ...liked];
    return feedPageOf(
      readPage(both, FEED_PAGE_SIZE, { show, stoppedAtLimit: stoppedAtLimit(liked) }),
      cursorOf,
    );
  }
  const liked = await group('liked', at);
  return feedPageOf(
    readPage(liked, FEED_PAGE_SIZE, { show, stoppedAtLimit: stoppedAtLimit(liked) }),
    cursorOf,
  );
}
