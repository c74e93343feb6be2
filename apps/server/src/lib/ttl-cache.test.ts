import { describe, expect, it } from 'vitest';
import { manualClock } from './clock.js';
import { TtlCache } from './ttl-cache.js';

describe('TtlCache', () => {
  it('answers a value until its time is up', () => {
    const clock = manualClock(1000);
    const c = new TtlCache<string, number>(500, 10, clock);
    c.set('a', 1);
    expect(c.get('a')).toBe(1);
    clock.advance(499);
    expect(c.get('a')).toBe(1);
    clock.advance(1);
    expect(c.get('a')).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it('drops the oldest entry when full, and re-setting a key makes it the newest', () => {
    const c = new TtlCache<string, number>(1000, 2, manualClock());
    c.set('a', 1);
    c.set('b', 2);
    c.set('a', 3);
    c.set('c', 4);
    expect(c.get('b')).toBeUndefined();
    expect(c.get('a')).toBe(3);
    expect(c.get('c')).toBe(4);
  });

  it('evicts by key, by value and entirely', () => {
    const c = new TtlCache<string, { user: number }>(1000, 10, manualClock());
    c.set('t1', { user: 1 });
    c.set('t2', { user: 1 });
    c.set('t3', { user: 2 });
    c.deleteWhere((v) => v.user === 1);
    expect([c.get('t1'), c.get('t2'), c.get('t3')]).toEqual([undefined, undefined, { user: 2 }]);
    c.delete('t3');
    expect(c.get('t3')).toBeUndefined();
    c.set('t4', { user: 3 });
    c.clear();
    expect(c.size).toBe(0);
  });

  it('with a zero lifetime caches nothing and loads every time', async () => {
    const c = new TtlCache<string, number>(0, 10, manualClock());
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    expect(await c.getOrLoad('a', load)).toBe(1);
    expect(await c.getOrLoad('a', load)).toBe(2);
    expect(c.enabled).toBe(false);
  });

  it('getOrLoad loads once while the value is fresh', async () => {
    const clock = manualClock();
    const c = new TtlCache<string, number>(100, 10, clock);
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    expect(await c.getOrLoad('a', load)).toBe(1);
    expect(await c.getOrLoad('a', load)).toBe(1);
    clock.advance(100);
    expect(await c.getOrLoad('a', load)).toBe(2);
  });
});

describe('TtlCache.getOrLoad under concurrent misses', () => {
  /** A load that waits until `release` is called; `count` says how many began. */
  function gatedLoads() {
    const gates: Array<() => void> = [];
    let count = 0;
    const load = (value: number) => () => {
      count++;
      return new Promise<number>((resolve) => gates.push(() => resolve(value)));
    };
    return { load, release: () => gates.splice(0).forEach((open) => open()), began: () => count };
  }
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('shares one load among misses that arrive while it is under way, then keeps its value', async () => {
    const c = new TtlCache<string, number>(1000, 10, manualClock());
    const g = gatedLoads();
    const all = Promise.all(Array.from({ length: 5 }, (_, i) => c.getOrLoad('a', g.load(i + 1))));
    await settle();
    expect(g.began()).toBe(1);
    g.release();
    expect(await all).toEqual([1, 1, 1, 1, 1]);
    expect(c.get('a')).toBe(1);
  });

  it('loads other keys on their own', async () => {
    const c = new TtlCache<string, number>(1000, 10, manualClock());
    const g = gatedLoads();
    const both = Promise.all([c.getOrLoad('a', g.load(1)), c.getOrLoad('b', g.load(2))]);
    await settle();
    expect(g.began()).toBe(2);
    g.release();
    expect(await both).toEqual([1, 2]);
  });

  it('does not keep a load that began before an eviction, and misses after the eviction load anew', async () => {
    for (const evict of [
      (c: TtlCache<string, number>) => c.delete('a'),
      (c: TtlCache<string, number>) => c.deleteWhere(() => true),
      (c: TtlCache<string, number>) => c.clear(),
    ]) {
      const c = new TtlCache<string, number>(1000, 10, manualClock());
      const g = gatedLoads();
      const before = c.getOrLoad('a', g.load(1));
      await settle();
      evict(c);
      const after = c.getOrLoad('a', g.load(2));
      await settle();
      expect(g.began()).toBe(2);
      g.release();
      expect([await before, await after]).toEqual([1, 2]);
      // The load that began after the eviction is the one kept.
      expect(c.get('a')).toBe(2);
    }
  });

  it('keeps no failure: every sharer gets the error, the next miss loads again', async () => {
    const c = new TtlCache<string, number>(1000, 10, manualClock());
    let calls = 0;
    const failing = () => {
      calls++;
      return Promise.reject(new Error('database down'));
    };
    const results = await Promise.allSettled([c.getOrLoad('a', failing), c.getOrLoad('a', failing)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toBe(1);
    expect(await c.getOrLoad('a', () => Promise.resolve(7))).toBe(7);
  });

  it('turns a load that throws at once into a rejection', async () => {
    const c = new TtlCache<string, number>(1000, 10, manualClock());
    await expect(
      c.getOrLoad('a', () => {
        throw new Error('bad key');
      }),
    ).rejects.toThrow('bad key');
  });
});
