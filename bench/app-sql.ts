// The SQL the app runs for a feed page and a single post, taken from the app's own query code rather
// than copied by hand, so the floor (bench/floor.ts) runs exactly what the app runs. The app's
// functions are called on a drizzle instance that records each statement instead of sending it; the
// statements' parameters hold VIEWER and POST where a request's own values go.
import { findPost } from '../src/server/features/posts/find-post';
import { listFeed } from '../src/server/features/posts/list-feed';
import { rowIdSchema } from '../src/shared/path-params';
import type { FeedSort } from '../src/shared/posts';
import { captureStatement, captureStatements, type Statement } from '../tests/support/sql-plans';

export type { Statement };

// Stand-ins a request's values replace: distinctive, and valid where the app's code checks them.
export const VIEWER = 'bench-floor-viewer-placeholder';
export const POST = '00000000-0000-4000-8000-00000000f100';

/**
 * A feed page's statements: one, or for the default order two, the second run only when the first
 * falls short of a page (list-feed.ts).
 */
export const feedStatements = (sort: FeedSort) =>
  captureStatements((db) => listFeed({ db, viewerId: VIEWER, sort, cursor: undefined }));

export const postStatement = () => captureStatement((db) => findPost(db, rowIdSchema.parse(POST), VIEWER));

/** The statement's parameters for one request: placeholders replaced by that request's values. */
export function bind(statement: Statement, values: { viewer: string; post?: string }): unknown[] {
  return statement.params.map((param) =>
    param === VIEWER ? values.viewer : param === POST ? (values.post ?? param) : param,
  );
}
