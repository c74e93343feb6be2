import { describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.js';
import { QuestionPageCache } from './question-page-cache.js';

/** A page source whose bank version the test moves; counts its reads. */
function source(version = '1') {
  const s = {
    version,
    reads: 0,
    current: () => Promise.resolve(s.version),
    read:
      (value: unknown, withVersion = true) =>
      async () => {
        s.reads++;
        return { value, bankVersion: withVersion ? s.version : undefined };
      },
  };
  return s;
}

const json = async (p: Promise<{ json: string }>) => JSON.parse((await p).json) as unknown;

describe('QuestionPageCache', () => {
  it('serves a page while its bank version stands and reads again when it moves', async () => {
    const c = new QuestionPageCache(1 << 20, manualClock());
    const s = source();
    expect(await json(c.page('k', s.current, s.read({ n: 1 })))).toEqual({ n: 1 });
    expect(await json(c.page('k', s.current, s.read({ n: 2 })))).toEqual({ n: 1 });
    expect(s.reads).toBe(1);
    s.version = '2';
    expect(await json(c.page('k', s.current, s.read({ n: 3 })))).toEqual({ n: 3 });
    expect(s.reads).toBe(2);
  });

  it('keeps nothing read without a version, or when off', async () => {
    const s = source();
    const c = new QuestionPageCache(1 << 20, manualClock());
    await c.page('k', s.current, s.read({ n: 1 }, false));
    await c.page('k', s.current, s.read({ n: 1 }, false));
    const off = new QuestionPageCache(0, manualClock());
    await off.page('k', s.current, s.read({ n: 1 }));
    await off.page('k', s.current, s.read({ n: 1 }));
    expect(s.reads).toBe(4);
  });

  it('drops the least recently used pages beyond its byte budget, and unused pages after a minute', async () => {
    const clock = manualClock();
    const page = { text: 'x'.repeat(100) }; // 113 characters serialised = 226 bytes
    const c = new QuestionPageCache(500, clock);
    const s = source();
    await c.page('a', s.current, s.read(page));
    await c.page('b', s.current, s.read(page));
    await c.page('a', s.current, s.read(page)); // a is now the most recent
    await c.page('c', s.current, s.read(page)); // over budget: b goes
    expect(s.reads).toBe(3);
    await c.page('a', s.current, s.read(page));
    expect(s.reads).toBe(3);
    await c.page('b', s.current, s.read(page));
    expect(s.reads).toBe(4);
    clock.advance(60_001);
    await c.page('b', s.current, s.read(page));
    expect(s.reads).toBe(5);
  });
});
