// The board store on the real database (docs/lessons.md "Board"): Excalidraw's rule in the upsert, one seq per
// accepted change and none for a stale one, the element cap, snapshots every N changes, clear and restore, pages,
// the lock, and concurrent writers (on PostgreSQL each on its own connection) ending in the scene the rule predicts.
import { BOARD_LIMITS, type BoardElement } from '@edu/contract';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonBoardChanges, lessonBoardSnapshots, lessons } from '../db/schema-lessons.js';
import { BoardError, BoardStore, wins } from './board-store.js';
import { addLesson, listening, rect, type RoomApp } from './room.test-helper.js';
import { createTestApp } from '../test/test-app.js';

let r: RoomApp;
let store: BoardStore;
const at = () => new Date(r.t.clock.now());
const teacher = () => ({ userId: r.ids.teacher, role: 'teacher' as const });
const student = () => ({ userId: r.ids.student, role: 'student' as const });

beforeAll(async () => {
  // Listening is not needed here; the fixture's ids and class are.
  const t = await createTestApp();
  r = await listening(t);
  store = new BoardStore(t.db, { ...BOARD_LIMITS, elementsPerLesson: 10, snapshotEvery: 3 });
}, 60_000);

afterAll(async () => {
  await r?.t.close();
});

const refused = async (p: Promise<unknown>, code: number) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BoardError);
  expect((err as BoardError).code).toBe(code);
};

describe('board store', () => {
  it('keeps the higher version, then the lower nonce; a stale update takes no seq', async () => {
    const lessonId = await addLesson(r);
    const a = rect({ version: 2, versionNonce: 50 });
    expect(await store.update(lessonId, teacher(), [a], at())).toMatchObject({ seq: 1, elements: [a] });
    // Same version, higher nonce: stale. Lower version: stale. Nothing changes, the seq stays.
    expect(await store.update(lessonId, student(), [{ ...a, versionNonce: 60, x: 1 }], at())).toEqual({
      seq: 1,
      elements: [],
    });
    expect(await store.update(lessonId, student(), [{ ...a, version: 1, x: 2 }], at())).toEqual({
      seq: 1,
      elements: [],
    });
    // Same version, lower nonce wins; a higher version wins.
    const b = { ...a, versionNonce: 10, x: 3 };
    expect((await store.update(lessonId, student(), [b], at())).seq).toBe(2);
    const c = { ...a, version: 3, versionNonce: 999, x: 4 };
    const d = rect();
    // Duplicates in one update: the winner of them is stored.
    const change = await store.update(lessonId, teacher(), [{ ...c, version: 2 }, c, d], at());
    expect(change.seq).toBe(3);
    expect(change.elements.map((e) => e.id).sort()).toEqual([a.id, d.id].sort());
    const scene = await store.scene(lessonId);
    expect(scene?.elements.find((e) => e.id === a.id)).toMatchObject({ version: 3, x: 4 });
    expect((await store.scene(lessonId, 2))?.elements.map((e) => e.id).sort()).toEqual([a.id, d.id].sort());
    const log = await r.t.db.select().from(lessonBoardChanges).where(eq(lessonBoardChanges.lessonId, lessonId));
    expect(log.map((c) => [c.seq, c.kind, c.userId])).toEqual([
      [1, 'elements', r.ids.teacher],
      [2, 'elements', r.ids.student],
      [3, 'elements', r.ids.teacher],
    ]);
  });

  it('stores a snapshot every N changes, without tombstones', async () => {
    const lessonId = await addLesson(r);
    const a = rect();
    const b = rect();
    await store.update(lessonId, teacher(), [a], at());
    await store.update(lessonId, teacher(), [b], at());
    await store.update(lessonId, teacher(), [{ ...a, version: 2, isDeleted: true }], at());
    const snaps = await r.t.db.select().from(lessonBoardSnapshots).where(eq(lessonBoardSnapshots.lessonId, lessonId));
    expect(snaps.map((s) => s.seq)).toEqual([3]);
    expect(snaps[0].scene).toEqual({ elements: [b], pages: [{ id: 'p1', name: '第 1 页' }], locked: false });
  });

  it('refuses elements past the cap (tombstones count), a missing page, a student while locked, a lesson not live', async () => {
    const lessonId = await addLesson(r);
    const ten = Array.from({ length: 10 }, () => rect());
    await store.update(lessonId, teacher(), ten, at());
    await refused(store.update(lessonId, teacher(), [rect()], at()), 413);
    // Changing elements it holds is still fine.
    expect((await store.update(lessonId, teacher(), [{ ...ten[0], version: 2 }], at())).seq).toBe(2);
    await refused(
      store.update(lessonId, teacher(), [{ ...ten[1], version: 5, customData: { pageId: 'p9' } }], at()),
      400,
    );
    expect(await store.lock(lessonId, r.ids.teacher, true, at())).toMatchObject({ changed: true, locked: true });
    expect(await store.lock(lessonId, r.ids.teacher, true, at())).toMatchObject({ changed: false });
    await refused(store.update(lessonId, student(), [{ ...ten[2], version: 9 }], at()), 403);
    expect((await store.update(lessonId, teacher(), [{ ...ten[2], version: 9 }], at())).elements).toHaveLength(1);
    await r.t.db.update(lessons).set({ status: 'ended' }).where(eq(lessons.id, lessonId));
    await refused(store.update(lessonId, teacher(), [{ ...ten[3], version: 9 }], at()), 409);
    await refused(store.update(999_999, teacher(), [rect()], at()), 404);
  });

  it('clears a page into tombstones and restores them once', async () => {
    const lessonId = await addLesson(r);
    const p2 = await store.page(lessonId, r.ids.teacher, { action: 'add' }, at());
    expect(p2).toMatchObject({ pageId: 'p2', pages: [{ id: 'p1' }, { id: 'p2', name: '第 2 页' }] });
    const one = [rect(), rect()];
    const two = rect({ customData: { pageId: 'p2' } });
    await store.update(lessonId, teacher(), [...one, two], at());
    const cleared = await store.clear(lessonId, r.ids.teacher, 'p1', at());
    expect(cleared.elements.map((e) => [e.id, e.isDeleted, e.version]).sort()).toEqual(
      one.map((e) => [e.id, true, 2]).sort(),
    );
    await refused(store.clear(lessonId, r.ids.teacher, 'p1', at()), 409);
    await refused(store.restore(lessonId, r.ids.teacher, cleared.seq - 1, at()), 404);
    const restored = await store.restore(lessonId, r.ids.teacher, cleared.seq, at());
    expect(restored.elements.map((e) => [e.id, e.isDeleted, e.version]).sort()).toEqual(
      one.map((e) => [e.id, false, 3]).sort(),
    );
    await refused(store.restore(lessonId, r.ids.teacher, cleared.seq, at()), 409);
    const scene = await store.scene(lessonId);
    expect(scene?.elements.filter((e) => !e.isDeleted)).toHaveLength(3);
    const [log] = await r.t.db
      .select()
      .from(lessonBoardChanges)
      .where(and(eq(lessonBoardChanges.lessonId, lessonId), eq(lessonBoardChanges.seq, cleared.seq)));
    expect(log.kind).toBe('clear');
    expect(log.payload).toMatchObject({ pageId: 'p1', ids: expect.arrayContaining(one.map((e) => e.id)) as unknown });
  });

  it('adds, renames and shows pages up to the limit', async () => {
    const lessonId = await addLesson(r);
    await store.page(lessonId, r.ids.teacher, { action: 'rename', pageId: 'p1', name: '讲解' }, at());
    const shown = await store.page(lessonId, r.ids.teacher, { action: 'show', pageId: 'p1' }, at());
    expect(shown.pages).toEqual([{ id: 'p1', name: '讲解' }]);
    expect((await store.scene(lessonId))?.shownPageId).toBe('p1');
    await refused(store.page(lessonId, r.ids.teacher, { action: 'show', pageId: 'p7' }, at()), 404);
    for (let i = 2; i <= BOARD_LIMITS.pages; i++) await store.page(lessonId, r.ids.teacher, { action: 'add' }, at());
    await refused(store.page(lessonId, r.ids.teacher, { action: 'add', name: '多一页' }, at()), 409);
    const scene = await store.scene(lessonId);
    expect(scene?.pages).toHaveLength(BOARD_LIMITS.pages);
    expect(scene?.pages.at(-1)).toEqual({ id: `p${BOARD_LIMITS.pages}`, name: `第 ${BOARD_LIMITS.pages} 页` });
  });

  it("writes updates of several lessons at once, each with its lesson's seq and its own refusal", async () => {
    const [one, two, locked] = [await addLesson(r), await addLesson(r), await addLesson(r)];
    await store.update(one, teacher(), [rect()], at());
    await store.lock(locked, r.ids.teacher, true, at());
    const a = rect();
    const b = rect();
    // Sent in one loop turn: one batch (a lesson's second update waits for the next one).
    const [toOne, toTwo, again, refusedStudent, badPage] = await Promise.allSettled([
      store.update(one, student(), [a], at()),
      store.update(two, teacher(), [b], at()),
      store.update(two, student(), [{ ...b, version: 2 }], at()),
      store.update(locked, student(), [rect()], at()),
      store.update(two, teacher(), [rect({ customData: { pageId: 'p9' } })], at()),
    ]);
    expect(toOne).toMatchObject({ status: 'fulfilled', value: { seq: 2, elements: [a] } });
    expect(toTwo).toMatchObject({ status: 'fulfilled', value: { seq: 1, elements: [b] } });
    expect(again).toMatchObject({ status: 'fulfilled', value: { seq: 2, elements: [{ id: b.id, version: 2 }] } });
    expect(refusedStudent).toMatchObject({ status: 'rejected', reason: { code: 403 } });
    expect(badPage).toMatchObject({ status: 'rejected', reason: { code: 400 } });
    const log = await r.t.db
      .select()
      .from(lessonBoardChanges)
      .where(eq(lessonBoardChanges.lessonId, two))
      .orderBy(lessonBoardChanges.seq);
    expect(log.map((c) => [c.seq, c.userId])).toEqual([
      [1, r.ids.teacher],
      [2, r.ids.student],
    ]);
    expect((await store.scene(locked))?.seq).toBe(1);
  });

  it('ends concurrent writers in the scene the rule predicts, each seq once and in order', async () => {
    const big = new BoardStore(r.t.db);
    const ids = ['a', 'b', 'c', 'd'];
    const version = fc.record({
      id: fc.constantFrom(...ids),
      version: fc.integer({ min: 1, max: 6 }),
      versionNonce: fc.integer({ min: 0, max: 5 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(version, { minLength: 1, maxLength: 4 }), { minLength: 2, maxLength: 24 }),
        async (updates) => {
          const lessonId = await addLesson(r);
          const sent = updates.map((u) => u.map((v) => ({ ...rect(), ...v, x: v.version * 10 + v.versionNonce })));
          const changes = await Promise.all(
            sent.map((els, i) => big.update(lessonId, i % 2 ? student() : teacher(), els, at())),
          );
          const best = new Map<string, BoardElement>();
          for (const e of sent.flat()) {
            const had = best.get(e.id);
            if (!had || wins(e, had)) best.set(e.id, e);
          }
          const scene = await big.scene(lessonId);
          const key = (e: BoardElement) => `${e.id}:${e.version}:${e.versionNonce}`;
          expect(scene?.elements.map(key).sort()).toEqual([...best.values()].map(key).sort());
          const seqs = changes.filter((c) => c.elements.length > 0).map((c) => c.seq);
          expect(seqs.sort((x, y) => x - y)).toEqual(seqs.map((_, i) => i + 1));
          expect(scene?.seq).toBe(seqs.length);
        },
      ),
      { numRuns: 15, seed: 27 },
    );
  });
});
