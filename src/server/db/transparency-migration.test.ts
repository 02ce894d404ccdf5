// Migration 0018 (the transparency ledger) on a database that already has moderation history: the
// months before the ledger are counted from the rows still there, naming no one.
// @module-tag engine (runs on both engines: docs/architecture.md, "Tests")
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEarlyProfile, insertUser } from '../../../tests/support/factories';
import { databaseBefore } from '../../../tests/support/migrations-before';
import type { TestDatabase } from '../../../tests/support/test-database';
import { applyMigrations } from './migrate';
import { transparencyEvents } from './schema';

const LEDGER_MIGRATION = '0018_transparency-ledger';

let database: TestDatabase;

beforeAll(async () => {
  database = await databaseBefore(LEDGER_MIGRATION);
});
afterAll(() => database?.destroy());

describe(`migration ${LEDGER_MIGRATION}`, () => {
  it('writes the ledger from the reports, holds, removals and first actions already there', async () => {
    const db = database.db;
    const staff = await insertUser(db);
    await insertEarlyProfile(db, staff.id, { userType: 'moderator' });
    const member = async () => {
      const user = await insertUser(db);
      await insertEarlyProfile(db, user.id);
      return user.id;
    };
    const author = await member();
    const [first, second] = [await member(), await member()];
    // By hand: the schema's later columns are not there yet.
    const post = async () => {
      const { rows } = (await db.execute(sql`
        insert into posts (user_id, content) values (${author}, 'A post') returning id`)) as unknown as {
        rows: { id: string }[];
      };
      return rows[0]?.id ?? '';
    };
    const resolved = await post();
    const removed = await post();
    const waiting = await post();
    const reportAt = '2026-09-10T10:00:00Z';
    for (const [postId, reporter, reason] of [
      [resolved, first, 'spam'],
      [resolved, second, 'hate'],
      [removed, first, 'harassment'],
      [waiting, second, 'spam'],
    ] as const) {
      await db.execute(sql`
        insert into report_reasons (post_id, reporter_id, reason, created_at)
        values (${postId}::uuid, ${reporter}, ${reason}, ${reportAt}::timestamptz)`);
    }
    for (const postId of [resolved, removed, waiting]) {
      await db.execute(sql`
        insert into reports (post_id, report_count, created_at) values (${postId}::uuid, 1, ${reportAt}::timestamptz)`);
    }
    const logged = (action: string, postId: string, at: string) =>
      db.execute(sql`
        insert into moderation_log (actor_id, action, post_id, created_at)
        values (${staff.id}, ${action}, ${postId}::uuid, ${at}::timestamptz)`);
    // Resolved three hours after the report, then again later: the first counts.
    await logged('report_resolved', resolved, '2026-09-10T13:00:00Z');
    await logged('report_resolved', resolved, '2026-09-20T13:00:00Z');
    // Removed a day after.
    await logged('post_deleted', removed, '2026-09-11T10:00:00Z');
    await db.execute(sql`
      insert into held_posts (user_id, content, reasons, created_at, decided_at, decided_by, outcome, removal_reason)
      values (${author}, 'Held and removed', '[]'::jsonb, '2026-09-12T10:00:00Z', '2026-09-12T10:30:00Z',
        ${staff.id}, 'removed', 'A threat.'),
        (${author}, 'Held, waiting', '[]'::jsonb, '2026-09-13T10:00:00Z', null, null, null, null)`);

    await applyMigrations(database);

    const rows = await db
      .select({
        kind: transparencyEvents.kind,
        detail: transparencyEvents.detail,
        waited: transparencyEvents.waitedSeconds,
        at: transparencyEvents.at,
      })
      .from(transparencyEvents);
    const key = (row: (typeof rows)[number]) =>
      `${row.kind} ${row.detail} ${row.waited} ${row.at.toISOString()}`;
    expect(rows.map(key).sort()).toEqual(
      [
        'report_received spam null 2026-09-10T10:00:00.000Z',
        'report_received hate null 2026-09-10T10:00:00.000Z',
        'report_received harassment null 2026-09-10T10:00:00.000Z',
        'report_received spam null 2026-09-10T10:00:00.000Z',
        'report_actioned null 10800 2026-09-10T13:00:00.000Z',
        'report_actioned null 86400 2026-09-11T10:00:00.000Z',
        'post_removed null null 2026-09-11T10:00:00.000Z',
        'post_held null null 2026-09-12T10:00:00.000Z',
        'post_held null null 2026-09-13T10:00:00.000Z',
        'held_decided removed 1800 2026-09-12T10:30:00.000Z',
      ].sort(),
    );
  });
});
