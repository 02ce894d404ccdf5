// `npm run admin` against an embedded data directory: role changes and suspension, and a clear
// refusal while a server holds the directory.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../src/server/admin-cli';
import { openDatabase } from '../../src/server/db/client';
import { notices, posts, profiles, users } from '../../src/server/db/schema';
import { suspendAuthor } from '../../src/server/features/reports/suspend-author';
import { LOCK_FILE_NAME } from '../../src/server/platform/data-dir-lock';
import { type RowId, rowIdSchema } from '../../src/shared/path-params';
import { insertProfile, insertUser } from '../support/factories';
import { scaled } from '../support/machine-factor';
import { PROJECT_ROOT } from '../support/server-process';
import { createMigratedDataDir } from '../support/test-database';

let dataDir: string;

/** `npm run admin -- ...args` as its own process: tsx and the whole server load, seconds apiece. */
function adminProcess(...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The same command run in this process (what scripts/admin.ts calls), on the same data directory. */
async function admin(...args: string[]) {
  let output = '';
  const write = (line: string) => {
    output += `${line}\n`;
  };
  const code = await runAdmin(args, { DATA_DIR: dataDir }, write, write);
  return { code, output };
}

async function readProfile(username: string) {
  const database = await openDatabase({ engine: 'embedded', dataDir });
  try {
    const [row] = await database.db
      .select({ userType: profiles.userType, suspendedAt: users.suspendedAt })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(eq(profiles.username, username));
    return row;
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dataDir = await createMigratedDataDir('yb-admin-');
  const database = await openDatabase({ engine: 'embedded', dataDir });
  const user = await insertUser(database.db, { email: 'priya@example.com' });
  await insertProfile(database.db, user.id, { username: 'priya_s' });
  await database.close();
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

// Each command opens the embedded database from its directory (a second or so); one test runs the real
// command line as a process, the others the same code in this process.
describe('npm run admin', { timeout: scaled(60_000) }, () => {
  it('runs as its own process, exiting 1 with its usage or a refusal and 0 when done', () => {
    const badRole = adminProcess('role', 'priya_s', 'overlord');
    expect(badRole.code).toBe(1);
    expect(badRole.output).toContain('Usage:');
    fs.writeFileSync(path.join(dataDir, LOCK_FILE_NAME), `${process.pid}\n`);
    try {
      const locked = adminProcess('suspend', 'priya_s');
      expect(locked.code).toBe(1);
      expect(locked.output).toContain(`pid ${process.pid}`);
    } finally {
      fs.rmSync(path.join(dataDir, LOCK_FILE_NAME));
    }
    const done = adminProcess('notice', 'hide');
    expect(done).toMatchObject({ code: 0, output: expect.stringContaining('The notice is hidden.') });
  });

  it('sets a role by username and by email', async () => {
    const byName = await admin('role', 'priya_s', 'moderator');
    expect(byName).toMatchObject({ code: 0 });
    expect(byName.output).toContain('@priya_s is now a moderator.');
    expect((await readProfile('priya_s'))?.userType).toBe('moderator');

    expect((await admin('role', 'PRIYA@example.com', 'admin')).code).toBe(0);
    expect((await readProfile('priya_s'))?.userType).toBe('admin');
  });

  it('suspends and restores', async () => {
    expect((await admin('suspend', 'priya_s')).output).toContain('suspended');
    expect((await readProfile('priya_s'))?.suspendedAt).not.toBeNull();
    expect((await admin('restore', 'priya_s')).output).toContain('restored');
    expect((await readProfile('priya_s'))?.suspendedAt).toBeNull();
  });

  it('explains its usage, and refuses unknown accounts and roles', async () => {
    const badRole = await admin('role', 'priya_s', 'overlord');
    expect(badRole.code).toBe(1);
    expect(badRole.output).toContain('Usage:');
    const unknown = await admin('role', 'nobody_here', 'admin');
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('No account with a profile matches "nobody_here"');
  });

  it('refuses while a server holds the data directory, naming the lock', async () => {
    fs.writeFileSync(path.join(dataDir, LOCK_FILE_NAME), `${process.ppid}\n`);
    try {
      const result = await admin('role', 'priya_s', 'ordinary');
      expect(result.code).toBe(1);
      expect(result.output).toContain(LOCK_FILE_NAME);
      expect(result.output).toContain('/admin/users');
    } finally {
      fs.rmSync(path.join(dataDir, LOCK_FILE_NAME));
    }
  });

  it('answers the same about an account before and after it is suspended through an anonymous post', async () => {
    const database = await openDatabase({ engine: 'embedded', dataDir });
    let postId: RowId;
    try {
      const user = await insertUser(database.db, { email: 'sealed@example.com' });
      await insertProfile(database.db, user.id, { username: 'sealed_sam' });
      const [row] = await database.db
        .insert(posts)
        .values({ userId: user.id, content: 'An anonymous post', isAnonymous: true })
        .returning({ id: posts.id });
      postId = rowIdSchema.parse(row?.id);
    } finally {
      await database.close();
    }
    const ask = async () => [
      await admin('role', 'sealed_sam', 'ordinary'),
      await admin('restore', 'sealed@example.com'),
    ];
    const before = await ask();
    expect(before.map((result) => result.code)).toEqual([0, 0]);

    const sealing = await openDatabase({ engine: 'embedded', dataDir });
    try {
      const staff = await insertUser(sealing.db);
      await insertProfile(sealing.db, staff.id, { userType: 'admin' });
      await suspendAuthor(sealing.db, {
        postId,
        staff: { userId: staff.id, email: staff.email, profile: { username: 'staff', userType: 'admin' } },
        endSessions: async () => undefined,
      });
    } finally {
      await sealing.close();
    }
    expect(await ask()).toEqual(before);
    // Still suspended, sealed: the command line's restore is about the listed suspension only.
    expect((await readProfile('sealed_sam'))?.suspendedAt).toBeNull();
  });

  it('deletes an account on request, only with --yes', async () => {
    const database = await openDatabase({ engine: 'embedded', dataDir });
    const user = await insertUser(database.db, { email: 'leaving@example.com' });
    await insertProfile(database.db, user.id, { username: 'leaving_l' });
    await database.db
      .insert(posts)
      .values({ userId: user.id, content: 'A post to take along', isAnonymous: true });
    await database.close();

    const unconfirmed = await admin('delete-account', 'leaving_l');
    expect(unconfirmed.code).toBe(1);
    expect(unconfirmed.output).toContain('Add --yes to go on.');
    expect(await readProfile('leaving_l')).toBeDefined();

    const deleted = await admin('delete-account', 'leaving@example.com', '--yes');
    expect(deleted).toMatchObject({ code: 0 });
    expect(deleted.output).toContain('@leaving_l and everything in the account have been deleted.');
    expect(await readProfile('leaving_l')).toBeUndefined();
    const after = await openDatabase({ engine: 'embedded', dataDir });
    try {
      expect(await after.db.select().from(posts).where(eq(posts.userId, user.id))).toEqual([]);
      expect(await after.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    } finally {
      await after.close();
    }
  });

  it('writes, shows and hides the dashboard notice, refusing what the page would refuse', async () => {
    const set = await admin(
      'notice',
      'set',
      '--title',
      'Yearbook week',
      '--badge',
      'New',
      '--paragraph',
      'Send your best campus memory by Friday.',
      '--paragraph',
      'The printed edition ships in May.',
    );
    expect(set).toMatchObject({ code: 0 });
    expect(set.output).toContain('The notice "Yearbook week" is shown on the dashboard.');
    expect(await readNotice()).toMatchObject({
      show: true,
      title: 'Yearbook week',
      badge: 'New',
      content: ['Send your best campus memory by Friday.', 'The printed edition ships in May.'],
    });

    expect(await admin('notice', 'hide')).toMatchObject({
      code: 0,
      output: expect.stringContaining('hidden'),
    });
    expect(await readNotice()).toMatchObject({ show: false, title: 'Yearbook week' });

    const tooLong = await admin('notice', 'set', '--title', 'x'.repeat(101));
    expect(tooLong.code).toBe(1);
    expect(tooLong.output).toContain('The title can be at most 100 characters.');
    expect((await admin('notice', 'dance')).code).toBe(1);
    expect((await readNotice())?.title).toBe('Yearbook week');
  });
});

async function readNotice() {
  const database = await openDatabase({ engine: 'embedded', dataDir });
  try {
    const [row] = await database.db.select().from(notices);
    return row;
  } finally {
    await database.close();
  }
}
