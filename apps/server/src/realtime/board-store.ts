// The lesson board's state, kept in the database so that every node agrees (docs/lessons.md "Board"): the current
// elements (tombstones kept), the log of accepted changes and a snapshot every BOARD_LIMITS.snapshotEvery changes.
// Every change runs in one transaction that first locks the lesson's row, so changes of one lesson get their seq in
// the order they commit: a client that saw seq n saw every change up to n. Plain SQL, the same on PGlite and
// PostgreSQL.
import { randomInt } from 'node:crypto';
import { BOARD_LIMITS, type BoardElement, type BoardPage, type BoardScene } from '@edu/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A change the board refuses: the ack's code and message (docs/lessons.md "Realtime"). */
export class BoardError extends Error {
  constructor(
    readonly code: 400 | 403 | 404 | 409 | 413,
    message: string,
  ) {
    super(message);
  }
}

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

/** The page an element is drawn on: its `customData.pageId`, else the board's first page. */
export const pageOfElement = (e: BoardElement, pages: BoardPage[]) => e.customData?.pageId ?? pages[0]?.id ?? 'p1';

const newNonce = () => randomInt(0, 2 ** 31 - 1);

const STATUS_REFUSALS: Record<string, string> = {
  scheduled: '课程尚未开始',
  ended: '课程已结束',
  cancelled: '课程已取消',
};

export class BoardStore {
  constructor(
    private readonly db: Db,
    private readonly limits: BoardLimits = BOARD_LIMITS,
  ) {}

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
      await this.db.execute(sql`select l.board_seq, l.board_locked, l.board_pages,
          coalesce((select jsonb_agg(e.data order by e.seq, e.element_id) from lesson_board_elements e
                    where e.lesson_id = l.id and e.seq > ${sinceSeq}), '[]'::jsonb) as elements,
          (select c.payload ->> 'pageId' from lesson_board_changes c
            where c.lesson_id = l.id and c.kind = 'pages' and c.payload ->> 'action' = 'show'
            order by c.seq desc limit 1) as shown
        from lessons l where l.id = ${lessonId}`),
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
   * version with a lower nonce), and when any was accepted: one new seq, one logged change, a snapshot when due.
   */
  async update(lessonId: number, author: BoardAuthor, elements: BoardElement[], at: Date): Promise<BoardChange> {
    // One row per id (the winner among duplicates): ON CONFLICT cannot touch a row twice in one statement.
    const byId = new Map<string, BoardElement>();
    for (const e of elements) {
      const had = byId.get(e.id);
      if (!had || wins(e, had)) byId.set(e.id, e);
    }
    const unique = [...byId.values()];
    return this.db.transaction(async (tx) => {
      const lesson = await this.lockLive(tx, lessonId);
      if (lesson.board_locked && author.role === 'student') throw new BoardError(403, '老师已锁定白板，暂时不能书写');
      const pageIds = new Set(lesson.board_pages.map((p) => p.id));
      const rows = unique.map((e) => ({
        id: e.id,
        page: pageOfElement(e, lesson.board_pages),
        version: e.version,
        nonce: e.versionNonce,
        data: e,
      }));
      if (rows.some((r) => !pageIds.has(r.page))) throw new BoardError(400, '元素所在的页面不存在');
      await this.checkRoom(
        tx,
        lessonId,
        unique.map((e) => e.id),
      );
      const seq = Number(lesson.board_seq) + 1;
      const accepted = rowsOf<{ data: BoardElement }>(
        await tx.execute(sql`insert into lesson_board_elements
            (lesson_id, element_id, page_id, version, version_nonce, data, seq)
          select ${lessonId}, r.id, r.page, r.version, r.nonce, r.data, ${seq}
            from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
              as r(id text, page text, version integer, nonce bigint, data jsonb)
          on conflict (lesson_id, element_id) do update
            set page_id = excluded.page_id, version = excluded.version, version_nonce = excluded.version_nonce,
                data = excluded.data, seq = excluded.seq
            where excluded.version > lesson_board_elements.version
               or (excluded.version = lesson_board_elements.version
                   and excluded.version_nonce < lesson_board_elements.version_nonce)
          returning data`),
      ).map((r) => r.data);
      // Nothing newer than what the board holds: no change, no seq (the transaction wrote nothing).
      if (accepted.length === 0) return { seq: Number(lesson.board_seq), elements: [] };
      await this.logChange(tx, lessonId, seq, author.userId, at, 'elements', { elements: accepted });
      return { seq, elements: accepted };
    });
  }

  /** Tombstones every element of the page (version + 1, a new nonce); the change lists their ids for `restore`. */
  async clear(lessonId: number, userId: number, pageId: string, at: Date): Promise<BoardChange> {
    return this.db.transaction(async (tx) => {
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
    return this.db.transaction(async (tx) => {
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
    return this.db.transaction(async (tx) => {
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
    return this.db.transaction(async (tx) => {
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

  /** Refuses elements that would take the board past its element cap (tombstones count: they stay). */
  private async checkRoom(tx: Tx, lessonId: number, ids: string[]) {
    const [known] = rowsOf<{ n: number | string }>(
      await tx.execute(sql`select count(*) as n from lesson_board_elements
        where lesson_id = ${lessonId}
          and element_id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`),
    );
    const fresh = ids.length - Number(known.n);
    if (fresh === 0) return;
    const [all] = rowsOf<{ n: number | string }>(
      await tx.execute(sql`select count(*) as n from lesson_board_elements where lesson_id = ${lessonId}`),
    );
    if (Number(all.n) + fresh > this.limits.elementsPerLesson)
      throw new BoardError(413, `白板元素已达上限（${this.limits.elementsPerLesson} 个），请先清空不用的页面`);
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
    if (seq % this.limits.snapshotEvery === 0)
      await tx.execute(sql`insert into lesson_board_snapshots (lesson_id, seq, at, scene)
        select l.id, ${seq}, ${at}, jsonb_build_object(
            'elements', coalesce((select jsonb_agg(e.data order by e.seq, e.element_id) from lesson_board_elements e
                                  where e.lesson_id = l.id and not coalesce((e.data ->> 'isDeleted')::boolean, false)),
                                 '[]'::jsonb),
            'pages', l.board_pages, 'locked', l.board_locked)
        from lessons l where l.id = ${lessonId}`);
  }
}
