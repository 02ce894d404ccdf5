// One app per data directory: embedded mode's PostgreSQL, its carry-over from PGlite and the pictures
// belong to the process that started them (decision 033), and a second one would stop the first one's
// database as a leftover. The first process takes DATA_DIR/campus-yearbook.lock; a second one is
// refused with a message naming it. A lock left by a process that no longer runs (killed, crashed) is
// taken over.
import fs from 'node:fs';
import path from 'node:path';

export const LOCK_FILE_NAME = 'campus-yearbook.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly holderPid: number,
  ) {
    super(
      `Another Campus Yearbook process (pid ${holderPid}) is using this data directory; lock file ${lockPath}. ` +
        'Stop that process first, or start this one with another DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  path: string;
  release(): void;
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE_NAME);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      let released = false;
      return {
        path: lockPath,
        release() {
          if (released) return;
          released = true;
          if (readHolder(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(lockPath);
      if (holder !== null && holder !== process.pid && isRunning(holder)) {
        throw new DataDirLockedError(lockPath, holder);
      }
      // Stale: its process is gone. Remove it and try once more (another starter may win the race).
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(lockPath, readHolder(lockPath) ?? -1);
}

function readHolder(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
