// PaperViews (paper-views.ts) on its own: a class missing together shares one read under the version it saw, a newer
// version never gets an older read, and a failed read is not kept.
import type { StudentQuestion } from '@edu/contract';
import { describe, expect, it } from 'vitest';
import { PaperViews } from './paper-views.js';

const question = (id: string) => ({ id }) as unknown as StudentQuestion;

/** A read that resolves when told to, counting how often it was started. */
function controlledRead(ids: string[]) {
  const state = { started: 0, release: [] as (() => void)[], fail: [] as ((e: Error) => void)[] };
  const read = () => {
    state.started++;
    return new Promise<readonly StudentQuestion[]>((resolve, reject) => {
      state.release.push(() => resolve(ids.map(question)));
      state.fail.push(reject);
    });
  };
  return { state, read };
}

/** Lets every promise that can settle do so. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('PaperViews', () => {
  it('shares one read among the askers missing together at the same version, then keeps it', async () => {
    const views = new PaperViews(10);
    const { state, read } = controlledRead(['1', '2']);
    const asks = Array.from({ length: 5 }, () => views.get('paper', async () => 'v1', read));
    await settle();
    expect(state.started).toBe(1);
    state.release[0]();
    const got = await Promise.all(asks);
    expect(got[0].map((q) => q.id)).toEqual(['1', '2']);
    for (const g of got) expect(g).toBe(got[0]);
    // Kept: the next asker at the same version reads nothing.
    expect(await views.get('paper', async () => 'v1', read)).toBe(got[0]);
    expect(state.started).toBe(1);
  });

  it('reads again for an asker at a newer version, even while an older read is in flight', async () => {
    const views = new PaperViews(10);
    const older = controlledRead(['old']);
    const newer = controlledRead(['new']);
    const first = views.get('paper', async () => 'v1', older.read);
    await settle();
    const second = views.get('paper', async () => 'v2', newer.read);
    await settle();
    expect([older.state.started, newer.state.started]).toEqual([1, 1]);
    newer.state.release[0]();
    older.state.release[0]();
    expect((await first).map((q) => q.id)).toEqual(['old']);
    expect((await second).map((q) => q.id)).toEqual(['new']);
    // The kept views are the older read's (it finished last); an asker at v2 does not take them.
    const third = controlledRead(['newest']);
    const got = views.get('paper', async () => 'v2', third.read);
    await settle();
    third.state.release[0]();
    expect((await got).map((q) => q.id)).toEqual(['newest']);
  });

  it('gives a failed read to the askers sharing it, and reads again for the next', async () => {
    const views = new PaperViews(10);
    const failing = controlledRead([]);
    const asks = [1, 2].map(() => views.get('paper', async () => 'v1', failing.read));
    await settle();
    expect(failing.state.started).toBe(1);
    failing.state.fail[0](new Error('database gone'));
    for (const a of asks) await expect(a).rejects.toThrow('database gone');
    const retry = controlledRead(['1']);
    const got = views.get('paper', async () => 'v1', retry.read);
    await settle();
    retry.state.release[0]();
    expect((await got).map((q) => q.id)).toEqual(['1']);
    expect(views.size).toBe(1);
  });
});
