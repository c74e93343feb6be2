// Who was in a lesson's room when (docs/lessons.md "Replay data"): one lesson_presence row a join, closed when that
// connection leaves the room, is dropped or disconnects.
import { sql } from 'drizzle-orm';
import type { LessonRole } from '@edu/contract';
import type { Db } from '../db/client.js';
import { DbSlots } from './db-slots.js';

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

export class PresenceStore {
  constructor(
    private readonly db: Db,
    /** The room's share of the pool (realtime.ts); unbounded by default. */
    private readonly slots = new DbSlots(Infinity),
  ) {}

  /** Records a join; answers the row's id, which `leave` closes. */
  async join(lessonId: number, userId: number, role: LessonRole, at: Date): Promise<number> {
    const [row] = rowsOf<{ id: number | string }>(
      await this.slots.run(() =>
        this.db.execute(sql`insert into lesson_presence (lesson_id, user_id, role, joined_at)
          values (${lessonId}, ${userId}, ${role}, ${at}) returning id`),
      ),
    );
    return Number(row.id);
  }

  /** Closes the row (once: a second leave keeps the first time). */
  async leave(presenceId: number, at: Date): Promise<void> {
    await this.slots.run(() =>
      this.db.execute(sql`update lesson_presence set left_at = ${at} where id = ${presenceId} and left_at is null`),
    );
  }
}
