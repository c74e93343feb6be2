// Board updates written in batches (docs/lessons.md "Board"): the `board:update`s that come in one turn of the event
// loop, or while the node's batches are busy, go together in the next batch, one statement for all of them. A lesson
// has one update in flight at a time (its next waits for the next batch), so its updates keep their order and take
// consecutive seqs; a node has at most BATCHES_IN_FLIGHT batches in flight, of different lessons. One statement
// instead of a transaction of several a change: a node that falls behind writes more changes a round trip, where a
// transaction each would wait for the event loop once a statement and hold a pool connection meanwhile.
import { BOARD_LIMITS, type BoardElement } from '@edu/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { BoardError, STATUS_REFUSALS } from './board-error.js';
import type { BoardAuthor, BoardChange, BoardLimits } from './board-store.js';
import type { DbSlots } from './db-slots.js';

/** Updates one batch may carry at most (one statement's parameters stay a few MB at most). */
const BATCH_UPDATES = 200;
/** Batches a node writes at once: a commit waiting for the disk does not hold the next batch. */
const BATCHES_IN_FLIGHT = 4;

interface Waiting {
  lessonId: number;
  author: BoardAuthor;
  elements: BoardElement[];
  at: Date;
  resolve: (change: BoardChange) => void;
  reject: (err: unknown) => void;
}

interface Outcome {
  k: number;
  code: number;
  status: string | null;
  seq: number | string | null;
  elements: BoardElement[];
}

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

export class BoardWriter {
  private readonly waiting: Waiting[] = [];
  /** Lessons with an update in a batch in flight. */
  private readonly writing = new Set<number>();
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly db: Db,
    private readonly slots: DbSlots,
    /** A snapshot of the lesson's scene (board-store.ts), when a batch's change reached a multiple of snapshotEvery. */
    private readonly snapshot: (lessonId: number, at: Date) => Promise<void>,
    private readonly limits: BoardLimits = BOARD_LIMITS,
  ) {}

  /** The elements (one of each id) into the next batch; resolves with the change once it is written. */
  update(lessonId: number, author: BoardAuthor, elements: BoardElement[], at: Date): Promise<BoardChange> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ lessonId, author, elements, at, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      // The rest of this loop turn's updates join the batch.
      setImmediate(() => {
        this.scheduled = false;
        this.launch();
      });
    });
  }

  /** Starts batches while some may start: the waiting updates of lessons with none in flight, in the order they came. */
  private launch() {
    while (this.inFlight < BATCHES_IN_FLIGHT && this.waiting.length > 0) {
      const batch: Waiting[] = [];
      const rest: Waiting[] = [];
      for (const w of this.waiting) {
        if (batch.length < BATCH_UPDATES && !this.writing.has(w.lessonId)) {
          this.writing.add(w.lessonId);
          batch.push(w);
        } else rest.push(w);
      }
      if (batch.length === 0) return;
      this.waiting.splice(0, this.waiting.length, ...rest);
      this.inFlight += 1;
      void this.write(batch).finally(() => {
        this.inFlight -= 1;
        for (const w of batch) this.writing.delete(w.lessonId);
        this.launch();
      });
    }
  }

  private async write(batch: Waiting[]) {
    let outcomes: Outcome[];
    try {
      outcomes = await this.slots.run(() => this.statement(batch));
    } catch (err) {
      for (const w of batch) w.reject(err);
      return;
    }
    const byK = new Map(outcomes.map((o) => [o.k, o]));
    for (const [k, w] of batch.entries()) {
      const o = byK.get(k);
      try {
        if (!o) throw new Error(`board batch: no outcome for update ${k}`);
        const seq = Number(o.seq);
        if (o.code === 200) {
          // Nothing newer than what the board holds: no change, the current seq.
          if (o.elements.length === 0) w.resolve({ seq, elements: [] });
          else {
            if ((seq + 1) % this.limits.snapshotEvery === 0) await this.snapshot(w.lessonId, w.at);
            w.resolve({ seq: seq + 1, elements: o.elements });
          }
        } else w.reject(refusal(o, this.limits));
      } catch (err) {
        w.reject(err);
      }
    }
  }

  /**
   * One statement for the batch. Its lessons' rows are locked first (in id order, as every node does), so each seq is
   * the lesson's last plus one; each update is then checked as a transaction of its own would (the lesson live, the
   * lock for a student, the pages, the element cap) and its elements upserted by Excalidraw's rule (a stored element
   * is replaced only by a higher version, or the same version with a lower nonce). A lesson with any element accepted
   * moves its seq by one and logs the change. The cap counts what the statement's snapshot holds: another node's
   * change committed while this one waited for the lock may pass it by one update.
   */
  private async statement(batch: Waiting[]): Promise<Outcome[]> {
    const updates = batch.map((w, k) => ({
      k,
      lesson: w.lessonId,
      author: w.author.userId,
      student: w.author.role === 'student',
      n: w.elements.length,
      at: w.at.toISOString(),
    }));
    const rows = batch.flatMap((w, k) =>
      w.elements.map((e) => ({
        k,
        id: e.id,
        page: e.customData?.pageId ?? null,
        version: e.version,
        nonce: e.versionNonce,
        data: e,
      })),
    );
    return rowsOf<Outcome>(
      await this.db.execute(sql`with
        u as (
          select * from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb)
            as u(k integer, lesson bigint, author bigint, student boolean, n integer, at timestamptz)),
        l as materialized (
          select id, status, board_seq, board_locked, board_pages from lessons
            where id = any(array(select lesson from u)) order by id for update),
        r as (
          select x.k, x.id, coalesce(x.page, l.board_pages -> 0 ->> 'id', 'p1') as page, x.version, x.nonce, x.data,
                 l.board_pages
            from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
              as x(k integer, id text, page text, version integer, nonce bigint, data jsonb)
            join u using (k) left join l on l.id = u.lesson),
        v as (
          select u.k, u.lesson, u.author, u.at, l.status, l.board_seq,
            case
              when l.id is null then 404
              when l.status <> 'live' then 409
              when u.student and l.board_locked then 403
              when exists (select 1 from r where r.k = u.k
                             and not exists (select 1 from jsonb_array_elements(r.board_pages) p
                                               where p ->> 'id' = r.page)) then 400
              when known.n < u.n
                   and (select count(*) from lesson_board_elements e where e.lesson_id = u.lesson) + u.n - known.n
                       > ${this.limits.elementsPerLesson} then 413
              else 200
            end as code
          from u
          left join l on l.id = u.lesson
          cross join lateral (
            select count(*) as n from lesson_board_elements e
              where e.lesson_id = u.lesson and e.element_id in (select r.id from r where r.k = u.k)) known),
        accepted as (
          insert into lesson_board_elements (lesson_id, element_id, page_id, version, version_nonce, data, seq)
          select v.lesson, r.id, r.page, r.version, r.nonce, r.data, v.board_seq + 1
            from r join v using (k) where v.code = 200
          on conflict (lesson_id, element_id) do update
            set page_id = excluded.page_id, version = excluded.version, version_nonce = excluded.version_nonce,
                data = excluded.data, seq = excluded.seq
            where excluded.version > lesson_board_elements.version
               or (excluded.version = lesson_board_elements.version
                   and excluded.version_nonce < lesson_board_elements.version_nonce)
          returning lesson_id, data),
        moved as (
          update lessons set board_seq = board_seq + 1 where id = any(array(select lesson_id from accepted))),
        logged as (
          insert into lesson_board_changes (lesson_id, seq, user_id, at, kind, payload)
          select v.lesson, v.board_seq + 1, v.author, v.at, 'elements', jsonb_build_object('elements', jsonb_agg(a.data))
            from accepted a join v on v.lesson = a.lesson_id
            group by v.lesson, v.board_seq, v.author, v.at)
      select v.k, v.code, v.status, v.board_seq as seq,
             coalesce((select jsonb_agg(a.data) from accepted a where a.lesson_id = v.lesson), '[]'::jsonb) as elements
        from v`),
    );
  }
}

function refusal(o: Outcome, limits: BoardLimits): BoardError {
  switch (o.code) {
    case 404:
      return new BoardError(404, '课程不存在');
    case 409:
      return new BoardError(409, STATUS_REFUSALS[o.status ?? ''] ?? '课程不在进行中');
    case 403:
      return new BoardError(403, '老师已锁定白板，暂时不能书写');
    case 400:
      return new BoardError(400, '元素所在的页面不存在');
    default:
      return new BoardError(413, `白板元素已达上限（${limits.elementsPerLesson} 个），请先清空不用的页面`);
  }
}
