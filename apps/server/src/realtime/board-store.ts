// The lesson board's state, kept in the database so that every node agrees (docs/lessons.md "Board"): the current
// elements (tombstones kept), the log of accepted changes and a snapshot every BOARD_LIMITS.snapshotEvery changes.
// Every change first locks the lesson's row (an update in one statement with the others of its batch, board-writer.ts;
// the teacher's tools in a transaction each), so changes of one lesson get their seq in the order they commit: a
// client that saw seq n saw every change up to n. Plain SQL, the same on PGlite and PostgreSQL.
import { randomInt } from 'node:crypto';
import { BOARD_LIMITS, type BoardElement, type BoardPage, type BoardScene } from '@edu/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { BoardError, STATUS_REFUSALS } from './board-error.js';
import { BoardWriter } from './board-writer.js';
import { DbSlots } from './db-slots.js';

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

export { BoardError };

/** The board's bounds (BOARD_LIMITS; tests pass smaller ones). */
export interface BoardLimits {
  elementsPerLesson: number;
  snapshotEvery: number;
  pages: number;
}

/** Who changes the board: the user and their seat (students are refused while the board is locked). */
export interface BoardAuthor {
  userId: number;
  role: 'teacher' | 'student';
}

export interface BoardChange {
  seq: number;
  /** The elements now on the board because of the change (broadcast to the room); empty when nothing changed. */
  elements: BoardElement[];
}

export interface PagesChange {
  seq: number;
  pages: BoardPage[];
  /** The page added, renamed or shown. */
  pageId: string;
  locked: boolean;
}

/** The scene a joiner or a reconnecting client gets, with the page the teacher last showed. */
export type StoredScene = BoardScene & { shownPageId?: string };

interface LessonRow {
  status: string;
  board_seq: number | string;
  board_locked: boolean;
  board_pages: BoardPage[];
}

/** Excalidraw's rule between two versions of one element: the higher version wins, then the lower nonce. */
export const wins = (
  a: Pick<BoardElement, 'version' | 'versionNonce'>,
  b: Pick<BoardElement, 'version' | 'versionNonce'>,
) => a.version > b.version || (a.version === b.version && a.versionNonce < b.versionNonce);

const newNonce = () => randomInt(0, 2 ** 31 - 1);

export class BoardStore {
  constructor(
    private readonly db: Db,
    private readonly limits: BoardLimits = BOARD_LIMITS,
    /** The room's share of the pool (realtime.ts); unbounded by default. */
    private readonly slots = new DbSlots(Infinity),
    /** Where the batched updates are written: the board writer's own pool (board-pool.ts); else `db` and `slots`. */
    writerPool?: { db: Db; slots: DbSlots },
  ) {
    this.writer = new BoardWriter(
      writerPool?.db ?? db,
      writerPool?.slots ?? slots,
      (lessonId, at) => this.snapshotNow(lessonId, at),
      limits,
    );
  }

  private readonly writer: BoardWriter;

  /** One transaction in one of the room's slots. */
  private transaction<T>(run: (tx: Tx) => Promise<T>): Promise<T> {
    return this.slots.run(() => this.db.transaction(run));
  }

  /**
   * The board in one statement (one consistent view): the elements changed after `sinceSeq` (every element, tombstones
   * included, when 0), the pages, the lock and the seq of the last change. Null when the lesson does not exist.
   */
  async scene(lessonId: number, sinceSeq = 0): Promise<StoredScene | null> {
    const [row] = rowsOf<{
      board_seq: number | string;
      board_locked: boolean;
      board_pages: BoardPage[];
      elements: BoardElement[];
      shown: string | null;
    }>(
      await this.slots.run(() =>
        this.db.execute(sql`select l.board_seq, l.board_locked, l.board_pages,
          coalesce((select jsonb_agg(e.data order by e.seq, e.element_id) from lesson_board_elements e
                    where e.lesson_id = l.id and e.seq > ${sinceSeq}), '[]'::jsonb) as elements,
          (select c.payload ->> 'pageId' from lesson_board_changes c
            where c.lesson_id = l.id and c.kind = 'pages' and c.payload ->> 'action' = 'show'
            order by c.seq desc limit 1) as shown
        from lessons l where l.id = ${lessonId}`),
      ),
    );
    if (!row) return null;
    const scene: StoredScene = {
      elements: row.elements,
      pages: row.board_pages,
      locked: row.board_locked,
      seq: Number(row.board_seq),
    };
    if (row.shown && row.board_pages.some((p) => p.id === row.shown)) scene.shownPageId = row.shown;
    return scene;
  }

  /**
   * Upserts the elements by Excalidraw's rule (a stored element is replaced only by a higher version, or the same
   * version with a lower nonce), and when any was accepted: one new seq, one logged change, a snapshot when due. Written
   * with the other updates that wait meanwhile, in one statement (board-writer.ts).
   */
  async update(lessonId: number, author: BoardAuthor, elements: BoardElement[], at: Date): Promise<BoardChange> {
    // One row per id (the winner among duplicates): ON CONFLICT cannot touch a row twice in one statement.
    const byId = new Map<string, BoardElement>();
    for (const e of elements) {
      const had = byId.get(e.id);
      if (!had || wins(e, had)) byId.set(e.id, e);
    }
    return this.writer.update(lessonId, author, [...byId.values()], at);
  }

  /** A snapshot of the scene as it is now, under the lesson's lock, labelled with the board's current seq. */
  private async snapshotNow(lessonId: number, at: Date) {
    await this.transaction(async (tx) => {
      const [lesson] = rowsOf<{ board_seq: number | string }>(
        await tx.execute(sql`select board_seq from lessons where id = ${lessonId} for update`),
      );
      if (lesson) await this.snapshotAt(tx, lessonId, Number(lesson.board_seq), at);
    });
  }

  /** Tombstones every element of the page (version + 1, a new nonce); the change lists their ids for `restore`. */
  async clear(lessonId: number, userId: number, pageId: string, at: Date): Promise<BoardChange> {
    return this.transaction(async (tx) => {
      const lesson = await this.lockLive(tx, lessonId);
      if (!lesson.board_pages.some((p) => p.id === pageId)) throw new BoardError(404, '页面不存在');
      const live = rowsOf<{ element_id: string; version: number }>(
        await tx.execute(sql`select element_id, version from lesson_board_elements
          where lesson_id = ${lessonId} and page_id = ${pageId}
            and not coalesce((data ->> 'isDeleted')::boolean, false)`),
      );
      if (live.length === 0) throw new BoardError(409, '本页没有可清空的内容');
      const seq = Number(lesson.board_seq) + 1;
      const elements = await this.rewrite(tx, lessonId, seq, at, live, true);
      const ids = elements.map((e) => e.id);
      await this.logChange(tx, lessonId, seq, userId, at, 'clear', { pageId, ids, elements });
      return { seq, elements };
    });
  }

  /** Undoes a clear: its elements still deleted come back with version + 1 (once per clear). */
  async restore(lessonId: number, userId: number, clearSeq: number, at: Date): Promise<BoardChange> {
    return this.transaction(async (tx) => {
      const lesson = await this.lockLive(tx, lessonId);
      const [cleared] = rowsOf<{ ids: string[] }>(
        await tx.execute(sql`select payload -> 'ids' as ids from lesson_board_changes
          where lesson_id = ${lessonId} and seq = ${clearSeq} and kind = 'clear'`),
      );
      if (!cleared) throw new BoardError(404, '找不到这次清空');
      const [done] = rowsOf<{ one: number }>(
        await tx.execute(sql`select 1 as one from lesson_board_changes
          where lesson_id = ${lessonId} and kind = 'restore' and (payload ->> 'clearSeq')::bigint = ${clearSeq}
          limit 1`),
      );
      if (done) throw new BoardError(409, '这次清空已经撤销过了');
      const deleted = rowsOf<{ element_id: string; version: number }>(
        await tx.execute(sql`select element_id, version from lesson_board_elements
          where lesson_id = ${lessonId}
            and element_id in (select jsonb_array_elements_text(${JSON.stringify(cleared.ids)}::jsonb))
            and coalesce((data ->> 'isDeleted')::boolean, false)`),
      );
      if (deleted.length === 0) throw new BoardError(409, '清空的内容已被重新修改，没有可恢复的元素');
      const seq = Number(lesson.board_seq) + 1;
      const elements = await this.rewrite(tx, lessonId, seq, at, deleted, false);
      const ids = elements.map((e) => e.id);
      await this.logChange(tx, lessonId, seq, userId, at, 'restore', { clearSeq, ids, elements });
      return { seq, elements };
    });
  }

  /** Locks or unlocks the board for the student; the same state again changes nothing (the current seq). */
  async lock(lessonId: number, userId: number, locked: boolean, at: Date): Promise<PagesChange & { changed: boolean }> {
    return this.transaction(async (tx) => {
      const lesson = await this.lockLive(tx, lessonId);
      const pages = lesson.board_pages;
      if (lesson.board_locked === locked)
        return { seq: Number(lesson.board_seq), pages, pageId: '', locked, changed: false };
      const seq = Number(lesson.board_seq) + 1;
      await tx.execute(sql`update lessons set board_locked = ${locked} where id = ${lessonId}`);
      await this.logChange(tx, lessonId, seq, userId, at, 'lock', { locked });
      return { seq, pages, pageId: '', locked, changed: true };
    });
  }

  /** Adds a page (next free id `p<n>`, default name 第 n 页), renames one, or records that it is shown. */
  async page(
    lessonId: number,
    userId: number,
    action:
      | { action: 'add'; name?: string }
      | { action: 'rename'; pageId: string; name: string }
      | {
          action: 'show';
          pageId: string;
        },
    at: Date,
  ): Promise<PagesChange> {
    return this.transaction(async (tx) => {
      const lesson = await this.lockLive(tx, lessonId);
      let pages = lesson.board_pages;
      let pageId: string;
      if (action.action === 'add') {
        if (pages.length >= this.limits.pages) throw new BoardError(409, `白板最多 ${this.limits.pages} 页`);
        const n = Math.max(0, ...pages.map((p) => Number(/^p(\d+)$/.exec(p.id)?.[1] ?? 0))) + 1;
        pageId = `p${n}`;
        pages = [...pages, { id: pageId, name: action.name ?? `第 ${pages.length + 1} 页` }];
      } else {
        pageId = action.pageId;
        if (!pages.some((p) => p.id === pageId)) throw new BoardError(404, '页面不存在');
        if (action.action === 'rename')
          pages = pages.map((p) => (p.id === pageId ? { id: p.id, name: action.name } : p));
      }
      const seq = Number(lesson.board_seq) + 1;
      if (pages !== lesson.board_pages)
        await tx.execute(sql`update lessons set board_pages = ${JSON.stringify(pages)}::jsonb where id = ${lessonId}`);
      await this.logChange(tx, lessonId, seq, userId, at, 'pages', { action: action.action, pageId, pages });
      return { seq, pages, pageId, locked: lesson.board_locked };
    });
  }

  /** Locks the lesson's row for the transaction; only a live lesson's board changes. */
  private async lockLive(tx: Tx, lessonId: number): Promise<LessonRow> {
    const [lesson] = rowsOf<LessonRow>(
      await tx.execute(sql`select status, board_seq, board_locked, board_pages from lessons
        where id = ${lessonId} for update`),
    );
    if (!lesson) throw new BoardError(404, '课程不存在');
    if (lesson.status !== 'live') throw new BoardError(409, STATUS_REFUSALS[lesson.status] ?? '课程不在进行中');
    return lesson;
  }

  /** Sets `isDeleted` on the rows (version + 1, a new nonce, `updated` now) and answers the new elements. */
  private async rewrite(
    tx: Tx,
    lessonId: number,
    seq: number,
    at: Date,
    rows: { element_id: string; version: number }[],
    isDeleted: boolean,
  ): Promise<BoardElement[]> {
    const next = rows.map((r) => ({ id: r.element_id, version: Number(r.version) + 1, nonce: newNonce() }));
    return rowsOf<{ data: BoardElement }>(
      await tx.execute(sql`update lesson_board_elements e
          set version = n.version, version_nonce = n.nonce, seq = ${seq},
              data = e.data || jsonb_build_object('isDeleted', ${isDeleted}::boolean, 'version', n.version,
                                                  'versionNonce', n.nonce, 'updated', ${at.getTime()}::bigint)
          from jsonb_to_recordset(${JSON.stringify(next)}::jsonb) as n(id text, version integer, nonce bigint)
          where e.lesson_id = ${lessonId} and e.element_id = n.id
          returning e.data`),
    ).map((r) => r.data);
  }

  /** Moves the lesson's seq to `seq`, logs the change, and stores a snapshot every `snapshotEvery` changes. */
  private async logChange(
    tx: Tx,
    lessonId: number,
    seq: number,
    userId: number,
    at: Date,
    kind: 'elements' | 'clear' | 'restore' | 'pages' | 'lock',
    payload: Record<string, unknown>,
  ) {
    await tx.execute(sql`update lessons set board_seq = ${seq} where id = ${lessonId}`);
    await tx.execute(sql`insert into lesson_board_changes (lesson_id, seq, user_id, at, kind, payload)
      values (${lessonId}, ${seq}, ${userId}, ${at}, ${kind}, ${JSON.stringify(payload)}::jsonb)`);
    await this.snapshotWhenDue(tx, lessonId, seq, at);
  }

  /** A snapshot of the visible scene when `seq` is a multiple of `snapshotEvery` (docs/lessons.md "Replay data"). */
  private async snapshotWhenDue(tx: Tx, lessonId: number, seq: number, at: Date) {
    if (seq % this.limits.snapshotEvery === 0) await this.snapshotAt(tx, lessonId, seq, at);
  }

  private async snapshotAt(tx: Tx, lessonId: number, seq: number, at: Date) {
    await tx.execute(sql`insert into lesson_board_snapshots (lesson_id, seq, at, scene)
        select l.id, ${seq}, ${at}, jsonb_build_object(
            'elements', coalesce((select jsonb_agg(e.data order by e.seq, e.element_id) from lesson_board_elements e
                                  where e.lesson_id = l.id and not coalesce((e.data ->> 'isDeleted')::boolean, false)),
                                 '[]'::jsonb),
            'pages', l.board_pages, 'locked', l.board_locked)
        from lessons l where l.id = ${lessonId}
      on conflict (lesson_id, seq) do nothing`);
  }
}
