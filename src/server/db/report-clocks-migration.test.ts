// Migration 0020 on a database that already has reports: each report's clocks start when it last
// opened (its first report; for one reopened, when staff reopened it or the first new reporter came
// after its last resolution), and it counts as acknowledged from the first logged staff action on the
// report or its post since then (not a suspension of its author). Otherwise an upgrade would show every long-open report as overdue, or none.
// @module-tag engine (runs on both engines: docs/architecture.md, "Tests")
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEarlyProfile, insertUser } from '../../../tests/support/factories';
import { databaseBefore } from '../../../tests/support/migrations-before';
import type { TestDatabase } from '../../../tests/support/test-database';
import { queryRows } from './client';
import { applyMigrations } from './migrate';

let database: TestDatabase;

beforeAll(async () => {
  database = await databaseBefore('0020_report-clocks-and-word-lists');
});
afterAll(() => database?.destroy());

const DAY = 24 * 3_600_000;
const NOW = Date.now();
const daysAgo = (days: number) => new Date(NOW - days * DAY).toISOString();

describe('migration 0020 (report clocks)', () => {
  it('starts each existing report’s clocks when it last opened, acknowledged by the log', async () => {
    const db = database.db;
    const staff = await insertUser(db);
    await insertEarlyProfile(db, staff.id, { userType: 'moderator' });
    const reporters = [await insertUser(db), await insertUser(db)];
    // Written by hand, as the schema of the time had them.
    const reportOn = async (resolved: boolean | null, createdAt: string) => {
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`insert into posts (user_id, content) values (${staff.id}, 'A reported post') returning id`,
      );
      const postId = row?.id ?? '';
      await db.execute(sql`insert into reports (post_id, report_count, resolved, created_at)
        values (${postId}::uuid, 1, ${resolved}, ${createdAt}::timestamptz)`);
      await reason(postId, 0, createdAt);
      return postId;
    };
    const reason = (postId: string, reporter: number, at: string) =>
      db.execute(sql`insert into report_reasons (post_id, reporter_id, reason, created_at)
        values (${postId}::uuid, ${reporters[reporter]?.id}, 'spam', ${at}::timestamptz)`);
    const log = (postId: string, action: string, at: string) =>
      db.execute(sql`insert into moderation_log (actor_id, action, post_id, created_at)
        values (${staff.id}, ${action}, ${postId}::uuid, ${at}::timestamptz)`);

    const untouched = await reportOn(null, daysAgo(20));
    const suspended = await reportOn(null, daysAgo(5));
    await log(suspended, 'user_suspended', daysAgo(4));
    const deleted = await reportOn(true, daysAgo(6));
    await log(deleted, 'post_deleted', daysAgo(1));
    const resolved = await reportOn(true, daysAgo(9));
    await log(resolved, 'report_resolved', daysAgo(8));
    const reopenedByStaff = await reportOn(false, daysAgo(30));
    await log(reopenedByStaff, 'report_resolved', daysAgo(25));
    await log(reopenedByStaff, 'report_unresolved', daysAgo(3));
    const reopenedByReporter = await reportOn(false, daysAgo(30));
    await log(reopenedByReporter, 'report_resolved', daysAgo(25));
    await reason(reopenedByReporter, 1, daysAgo(2));

    await applyMigrations(database);

    const rows = await queryRows<{ post_id: string; opened_at: string; acknowledged_at: string | null }>(
      db,
      sql`select post_id, opened_at::text, acknowledged_at::text from reports`,
    );
    const clock = (postId: string) => {
      const row = rows.find((r) => r.post_id === postId);
      return [
        row ? new Date(row.opened_at).toISOString() : null,
        row?.acknowledged_at ? new Date(row.acknowledged_at).toISOString() : null,
      ];
    };
    expect(clock(untouched)).toEqual([daysAgo(20), null]);
    // A suspension acts on the account; a staff deletion on the post.
    expect(clock(suspended)).toEqual([daysAgo(5), null]);
    expect(clock(deleted)).toEqual([daysAgo(6), daysAgo(1)]);
    expect(clock(resolved)).toEqual([daysAgo(9), daysAgo(8)]);
    expect(clock(reopenedByStaff)).toEqual([daysAgo(3), daysAgo(3)]);
    expect(clock(reopenedByReporter)).toEqual([daysAgo(2), null]);
  });
});
