// The replay's reads (docs/lessons.md "Replay data"): the lesson's times, its snapshots and logged board changes,
// and who was in the room when. The board's writes are the realtime board store's (src/realtime/board-store.ts).
import { sql } from 'drizzle-orm';
import type { LessonRole, LessonStatus } from '@edu/contract';
import type { Db } from '../../db/client.js';

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

/** Epoch milliseconds of a timestamptz, the same number on both drivers. */
const ms = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export interface ReplayLessonRow {
  status: LessonStatus;
  startsAt: number;
  openedAt: number | null;
  closedAt: number | null;
  lastSeq: number;
}

export interface ReplayChangeRow {
  seq: number;
  at: number;
  by: number | null;
  kind: string;
  payload: Record<string, unknown>;
}

export interface PresenceRow {
  userId: number;
  name: string;
  role: LessonRole;
  joinedAt: number;
  leftAt: number | null;
}

export class LessonsLiveRepository {
  constructor(private readonly db: Db) {}

  async lesson(lessonId: number): Promise<ReplayLessonRow | undefined> {
    const [r] = rowsOf<Record<string, unknown>>(
      await this.db.execute(sql`select status, board_seq,
          (extract(epoch from starts_at) * 1000)::bigint as starts_at,
          (extract(epoch from opened_at) * 1000)::bigint as opened_at,
          (extract(epoch from closed_at) * 1000)::bigint as closed_at
        from lessons where id = ${lessonId}`),
    );
    if (!r) return undefined;
    return {
      status: r.status as LessonStatus,
      startsAt: Number(r.starts_at),
      openedAt: ms(r.opened_at),
      closedAt: ms(r.closed_at),
      lastSeq: Number(r.board_seq),
    };
  }

  /** Every snapshot's seq and time, oldest first (the scenes stay in the database until asked for). */
  async snapshotIndex(lessonId: number): Promise<{ seq: number; at: number }[]> {
    return rowsOf<{ seq: unknown; at: unknown }>(
      await this.db.execute(sql`select seq, (extract(epoch from at) * 1000)::bigint as at
        from lesson_board_snapshots where lesson_id = ${lessonId} order by seq`),
    ).map((r) => ({ seq: Number(r.seq), at: Number(r.at) }));
  }

  /** The newest snapshot at or before `seq`, with its scene. */
  async snapshotAtOrBefore(
    lessonId: number,
    seq: number,
  ): Promise<{ seq: number; at: number; scene: Record<string, unknown> } | undefined> {
    const [r] = rowsOf<{ seq: unknown; at: unknown; scene: Record<string, unknown> }>(
      await this.db.execute(sql`select seq, (extract(epoch from at) * 1000)::bigint as at, scene
        from lesson_board_snapshots where lesson_id = ${lessonId} and seq <= ${seq} order by seq desc limit 1`),
    );
    return r ? { seq: Number(r.seq), at: Number(r.at), scene: r.scene } : undefined;
  }

  /**
   * Changes after `afterSeq`, oldest first: at most `limit`, and no more once their payloads (as JSON text) reach
   * `maxBytes` — always at least one, so paging moves on.
   */
  async changes(lessonId: number, afterSeq: number, limit: number, maxBytes: number): Promise<ReplayChangeRow[]> {
    return rowsOf<Record<string, unknown>>(
      await this.db.execute(sql`select seq, at, user_id, kind, payload from (
          select seq, (extract(epoch from at) * 1000)::bigint as at, user_id, kind, payload,
                 sum(octet_length(payload::text)) over (order by seq) - octet_length(payload::text) as before
            from lesson_board_changes where lesson_id = ${lessonId} and seq > ${afterSeq}
            order by seq limit ${limit}) c
        where c.before < ${maxBytes} order by seq`),
    ).map((r) => ({
      seq: Number(r.seq),
      at: Number(r.at),
      by: r.user_id === null ? null : Number(r.user_id),
      kind: r.kind as string,
      payload: r.payload as Record<string, unknown>,
    }));
  }

  /** Who was in the room when, oldest first (at most `limit` rows). */
  async presence(lessonId: number, limit: number): Promise<PresenceRow[]> {
    return rowsOf<Record<string, unknown>>(
      await this.db.execute(sql`select p.user_id, u.name, p.role,
          (extract(epoch from p.joined_at) * 1000)::bigint as joined_at,
          (extract(epoch from p.left_at) * 1000)::bigint as left_at
        from lesson_presence p join users u on u.id = p.user_id
        where p.lesson_id = ${lessonId} order by p.joined_at, p.id limit ${limit}`),
    ).map((r) => ({
      userId: Number(r.user_id),
      name: r.name as string,
      role: r.role as LessonRole,
      joinedAt: Number(r.joined_at),
      leftAt: ms(r.left_at),
    }));
  }
}
