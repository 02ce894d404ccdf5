// Test data with unique values and overrides, written straight to the database.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { profiles, users } from '../../src/server/db/schema';

const unique = () => randomBytes(5).toString('hex');

/**
 * An account made a month ago by default: past the new-account rule of issue #47 (a few anonymous posts
 * a day in the first week), which its own tests meet with `createdAt: new Date()`.
 */
export async function insertUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  const id = `user_${unique()}`;
  const monthAgo = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
  const [user] = await db
    .insert(users)
    .values({
      id,
      name: 'Test User',
      email: `${id}@example.com`,
      emailVerified: true,
      createdAt: monthAgo,
      updatedAt: monthAgo,
      ...overrides,
    })
    .returning();
  if (!user) throw new Error('insertUser: no row returned');
  return user;
}

export function profileValues(userId: string, overrides: Partial<typeof profiles.$inferInsert> = {}) {
  return {
    userId,
    username: `user_${unique()}`,
    email: `${userId}@example.com`,
    fullName: 'Test User',
    graduationYear: 2026,
    ...overrides,
  };
}

export async function insertProfile(
  db: Db,
  userId: string,
  overrides: Partial<typeof profiles.$inferInsert> = {},
) {
  const [profile] = await db.insert(profiles).values(profileValues(userId, overrides)).returning();
  if (!profile) throw new Error('insertProfile: no row returned');
  return profile;
}

/**
 * A profile written with the columns profiles has had since its first migration, for tests that
 * migrate a database written before later ones: drizzle's insert names every column the schema has
 * now (`hidden_from_class` since migration 0032), which such a database does not have yet.
 */
export async function insertEarlyProfile(
  db: Db,
  userId: string,
  options: { userType?: 'admin' | 'moderator' | 'ordinary' } = {},
): Promise<void> {
  const values = profileValues(userId);
  await db.execute(sql`insert into profiles (user_id, username, email, full_name, graduation_year, user_type)
    values (${userId}, ${values.username}, ${values.email}, ${values.fullName}, ${values.graduationYear},
      ${options.userType ?? 'ordinary'})`);
}
