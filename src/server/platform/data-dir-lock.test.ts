import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from './data-dir-lock';

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yb-lock-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** The pid of a process that has already exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid ?? 999_999;
}

describe('acquireDataDirLock', () => {
  it('creates the lock file with our pid and removes it on release', () => {
    const lock = acquireDataDirLock(dataDir);
    expect(lock.path).toBe(path.join(dataDir, LOCK_FILE_NAME));
    expect(fs.readFileSync(lock.path, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(lock.path)).toBe(false);
  });

  it('refuses a directory held by a running process and names the lock file', () => {
    // The parent of this test process is alive for the whole test.
    fs.writeFileSync(path.join(dataDir, LOCK_FILE_NAME), `${process.ppid}\n`);
    try {
      acquireDataDirLock(dataDir);
      expect.unreachable('the lock should have been refused');
    } catch (error) {
      expect(error).toBeInstanceOf(DataDirLockedError);
      expect((error as Error).message).toContain(path.join(dataDir, LOCK_FILE_NAME));
      expect((error as Error).message).toContain(`pid ${process.ppid}`);
    }
    expect(fs.readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.ppid));
  });

  it('takes over a lock left by a process that is gone', async () => {
    fs.writeFileSync(path.join(dataDir, LOCK_FILE_NAME), `${await deadPid()}\n`);
    const lock = acquireDataDirLock(dataDir);
    expect(fs.readFileSync(lock.path, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('takes over an unreadable lock file', () => {
    fs.writeFileSync(path.join(dataDir, LOCK_FILE_NAME), 'garbage');
    const lock = acquireDataDirLock(dataDir);
    expect(fs.readFileSync(lock.path, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('does not remove a lock another process has taken since', () => {
    const lock = acquireDataDirLock(dataDir);
    fs.writeFileSync(lock.path, `${process.ppid}\n`);
    lock.release();
    expect(fs.existsSync(lock.path)).toBe(true);
  });
});
