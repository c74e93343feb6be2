// One process per PGlite data directory: PGlite takes no lock of its own, and two processes on one
// directory corrupt it (docs/architecture.md §2). DATA_DIR/server.lock holds the owner's pid.
import { mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly pid: number,
  ) {
    super(
      `Another edu-platform server (pid ${pid}) is using this data directory (lock file ${lockPath}). ` +
        'Stop that process first, or start this one with another DATA_DIR or with DATABASE_URL.',
    );
  }
}

/** Whether a process with this pid exists (EPERM: it exists but belongs to another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const readPid = (path: string): string | null => {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
};

export interface DataDirLock {
  path: string;
  release(): void;
}

/**
 * Takes DATA_DIR/server.lock or throws DataDirLockedError naming the live owner. A lock whose pid is
 * not alive (a killed server), or is our own pid (a restarted container reusing pid 1), is stale and
 * taken over. The takeover renames the stale file aside first: of two processes racing for the same
 * stale lock only one rename succeeds, and the other finds the winner's lock on its next attempt.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return {
        path,
        release() {
          // Only remove the lock if it is still ours.
          if (readPid(path)?.trim() === String(process.pid)) unlinkSync(path);
        },
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const content = readPid(path);
    if (content === null) continue; // released meanwhile: try again
    const pid = Number.parseInt(content.trim(), 10);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid))
      throw new DataDirLockedError(path, pid);
    const aside = `${path}.stale-${process.pid}`;
    try {
      renameSync(path, aside);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue; // another process took it over first
      throw e;
    }
    const moved = readPid(aside);
    if (moved !== content) {
      // We moved a lock that a competitor had just created: give it back and yield to it.
      renameSync(aside, path);
      continue;
    }
    unlinkSync(aside);
  }
  const content = readPid(path) ?? '';
  throw new DataDirLockedError(path, Number.parseInt(content.trim(), 10) || 0);
}
