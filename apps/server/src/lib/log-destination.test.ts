import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logDestination } from './log-destination.js';

const dir = mkdtempSync(join(tmpdir(), 'edu-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

/** A logger at info writing through a destination into a file of its own; `lines()` reads what reached the file. */
function loggerInto(bufferBytes: number, flushMs = 250) {
  const file = join(dir, `log-${++files}.ndjson`);
  const { stream, hooks } = logDestination({ bufferBytes, flushMs }, file);
  const log = pino({ level: 'info', hooks }, stream);
  const lines = () =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { msg: string }).msg);
  return { log, lines };
}

describe('log writes (docs/server.md "Log writes")', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gathers info lines and writes them together at the latest after the flush interval', () => {
    const { log, lines } = loggerInto(4096, 250);
    log.info('first');
    log.info('second');
    expect(lines()).toEqual([]);
    vi.advanceTimersByTime(249);
    expect(lines()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(lines()).toEqual(['first', 'second']);
  });

  it('writes a warning at once, after the lines gathered before it', () => {
    const { log, lines } = loggerInto(4096);
    log.info('request');
    log.warn('slow request');
    expect(lines()).toEqual(['request', 'slow request']);
    log.error('request errored');
    expect(lines()).toEqual(['request', 'slow request', 'request errored']);
  });

  it('writes as soon as the gathered lines fill the buffer', () => {
    const { log, lines } = loggerInto(1000);
    for (let i = 0; i < 20; i++) log.info(`line ${i}`);
    const written = lines();
    expect(written.length).toBeGreaterThan(0);
    expect(written.length).toBeLessThan(20);
    expect(written).toEqual(Array.from({ length: written.length }, (_, i) => `line ${i}`));
  });

  it('writes every line at once with a buffer of 0 bytes', () => {
    const { log, lines } = loggerInto(0);
    log.info('alone');
    expect(lines()).toEqual(['alone']);
  });

  it('shares one destination for the same output and setting', () => {
    const file = join(dir, 'shared.ndjson');
    expect(logDestination({ bufferBytes: 4096, flushMs: 250 }, file)).toBe(
      logDestination({ bufferBytes: 4096, flushMs: 250 }, file),
    );
  });
});

describe('log writes in a process of their own', () => {
  /** Runs `body` in a Node process with `log` (info, gathering 4 KB for a minute) writing into `file`. */
  const run = (file: string, body: string) =>
    spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const { logDestination } = await import(${JSON.stringify(new URL('./log-destination.ts', import.meta.url).href)});
        const { default: pino } = await import('pino');
        const { stream, hooks } = logDestination({ bufferBytes: 4096, flushMs: 60000 }, ${JSON.stringify(file)});
        const log = pino({ level: 'info', hooks }, stream);
        ${body}`,
      ],
      { cwd: join(import.meta.dirname, '..', '..'), encoding: 'utf8', timeout: 30_000 },
    );

  it('writes the gathered lines when the process exits', () => {
    const file = join(dir, 'exit.ndjson');
    const r = run(file, `log.info('before exit'); process.exit(0);`);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('"msg":"before exit"');
  });

  it('a broken output loses the gathered lines without failing the code that logs', () => {
    const file = join(dir, 'broken.ndjson');
    const r = run(
      file,
      `const { closeSync } = await import('node:fs');
      log.info('gathered');
      closeSync(stream.fd);
      log.warn('after the output broke');
      process.stdout.write('went on');`,
    );
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('went on');
    expect(r.status).toBe(0);
  });
});
