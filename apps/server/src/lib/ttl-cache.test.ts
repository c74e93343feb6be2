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
