// The room's share of the database pool (db-slots.ts): never more tasks at once than its slots, the others in order,
// a slot freed by a task that fails too.
import { describe, expect, it } from 'vitest';
import { DbSlots } from './db-slots.js';

describe('DbSlots', () => {
  it('runs at most `size` tasks at once, the waiting ones in the order they came, and frees a failed one', async () => {
    const slots = new DbSlots(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const gates: (() => void)[] = [];
    const task = (i: number) =>
      slots.run(async () => {
        started.push(i);
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => gates.push(resolve));
        running -= 1;
        if (i === 1) throw new Error('failed');
        return i;
      });
    const all = [0, 1, 2, 3, 4].map((i) => task(i).catch((err: Error) => err.message));
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    // Each task done lets the next in line start.
    while (gates.length > 0) {
      gates.shift()!();
      await new Promise((r) => setImmediate(r));
    }
    expect(await Promise.all(all)).toEqual([0, 'failed', 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    // All slots free again.
    expect(await slots.run(async () => 'again')).toBe('again');
  });
});
