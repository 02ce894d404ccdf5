// Migration 0008 on a database that already has suspensions: one made through an anonymous post
// before sealed suspensions existed had set `users.suspended_at`, which the admin list shows. The
// migration seals it (by post) and clears the listed flag, unless an admin had also suspended the
// account by name; it leaves the log naming no hidden author.
// @module-tag engine (runs on both engines: docs/architecture.md, "Tests")
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEarlyProfile, insertUser } from '../../../tests/support/factories';
import { databaseBefore } from '../../../tests/support/migrations-before';
import type { TestDatabase } from '../../../tests/support/test-database';
import { applyMigrations } from './migrate';
import { moderationLog, sealedSuspensions, users } from './schema';

let database: TestDatabase;

beforeAll(async () => {
  database = await databaseBefore('0008_sealed-suspensions');
});
afterAll(() => database?.destroy());

describe('migration 0008 (sealed suspensions)', () => {
  it('seals suspensions made through anonymous posts and takes them off the admin list', async () => {
    const db = database.db;
    const staff = await insertUser(db);
    await insertEarlyProfile(db, staff.id, { userType: 'admin' });
    const account = async () => {
      const user = await insertUser(db);
      await insertEarlyProfile(db, user.id);
      // By hand, as the log below: the schema's later columns of posts (0016's posted_after_warning)
      // are not there yet.
      const inserted = (await db.execute(sql`
        insert into posts (user_id, content, is_anonymous)
        values (${user.id}, 'An anonymous post', true) returning id`)) as unknown as {
        rows: { id: string }[];
      };
      const [post] = inserted.rows;
      return { id: user.id, postId: post?.id ?? '' };
    };
    const suspendedAt = new Date('2026-10-01T10:00:00Z');
    // Suspended through an anonymous post only.
    const hidden = await account();
    // Suspended through an anonymous post, and by name on /admin/users as well.
    const both = await account();
    // Suspended through an anonymous post, then restored: nothing to seal.
    const restored = await account();
    await db.update(users).set({ suspendedAt }).where(sql`${users.id} in (${hidden.id}, ${both.id})`);
    // The log as it was then: written by hand, for the schema's later columns are not there yet.
    const entry = (userId: string, postId: string | null, hiddenSubject: boolean) => sql`
      insert into moderation_log (actor_id, action, post_id, target_user_id, subject_hidden)
      values (${staff.id}, 'user_suspended', ${postId}::uuid, ${userId}, ${hiddenSubject})`;
    await db.execute(entry(hidden.id, hidden.postId, true));
    await db.execute(entry(both.id, both.postId, true));
    await db.execute(entry(both.id, null, false));
    await db.execute(entry(restored.id, restored.postId, true));

    await applyMigrations(database);

    const sealed = await db
      .select({
        postId: sealedSuspensions.postId,
        userId: sealedSuspensions.userId,
        by: sealedSuspensions.suspendedBy,
      })
      .from(sealedSuspensions)
      .orderBy(sealedSuspensions.userId);
    expect(sealed).toEqual(
      [
        { postId: hidden.postId, userId: hidden.id, by: staff.id },
        { postId: both.postId, userId: both.id, by: staff.id },
      ].sort((a, b) => a.userId.localeCompare(b.userId)),
    );
    const flag = async (id: string) =>
      (await db.select({ at: users.suspendedAt }).from(users).where(eq(users.id, id)))[0]?.at ?? null;
    expect(await flag(hidden.id)).toBeNull();
    expect(await flag(both.id)).toEqual(suspendedAt);
    expect(await flag(restored.id)).toBeNull();
    const hiddenTargets = await db
      .select({ target: moderationLog.targetUserId })
      .from(moderationLog)
      .where(eq(moderationLog.subjectHidden, true));
    expect(hiddenTargets).toEqual([{ target: null }, { target: null }, { target: null }]);
  });
});
