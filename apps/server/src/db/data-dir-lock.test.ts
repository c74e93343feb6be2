// The PGlite data-dir lock: one live owner, stale locks taken over, release only of our own lock.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'edu-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A pid that certainly belonged to a process that has exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(r.stdout.toString());
}

describe('acquireDataDirLock', () => {
  it('creates the directory and a lock file holding our pid, removed on release', () => {
    const data = join(dir, 'nested', 'data');
    const lock = acquireDataDirLock(data);
    expect(readFileSync(lock.path, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });

  it('refuses while another live process holds the lock, naming its pid', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(dir, 'server.lock'), `${child.pid}\n`);
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(`pid ${child.pid}`);
      expect(readFileSync(join(dir, 'server.lock'), 'utf8').trim()).toBe(String(child.pid));
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('takes over a stale lock left by a killed process, or an unreadable one', () => {
    for (const stale of [`${deadPid()}\n`, 'garbage', '']) {
      writeFileSync(join(dir, 'server.lock'), stale);
      const lock = acquireDataDirLock(dir);
      expect(readFileSync(lock.path, 'utf8').trim()).toBe(String(process.pid));
      lock.release();
    }
  });

  it('does not remove a lock that is no longer ours', () => {
    const lock = acquireDataDirLock(dir);
    writeFileSync(lock.path, '999999\n');
    lock.release();
    expect(readFileSync(lock.path, 'utf8')).toBe('999999\n');
  });
});
