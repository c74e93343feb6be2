// The lesson room's HTTP calls (docs/lessons.md "Video", "Replay data"): ICE servers for the two participants, and
// the replay's facts, paged. Both ask LessonAccess first: a lesson the caller has no seat in answers 404.
import {
  REPLAY_PAGE_BYTES,
  type IceServers,
  type LessonReplay,
  type LessonReplayQuery,
  type ReplayChange,
  type ReplayScene,
} from '@edu/contract';
import { conflict, forbidden, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import { parseNumericId } from '../../lib/ids.js';
import type { LessonAccess, LessonSeat, SeatUser } from '../lessons/lesson-access.js';
import { iceServersFor, type IceConfig } from './ice.js';
import type { LessonsLiveRepository } from './lessons-live.repository.js';

const NOT_FOUND = '课程不存在';
/** Presence rows one replay answers at most (a lesson has a few joins; reconnects add some). */
const PRESENCE_LIMIT = 1000;

export type LiveCaller = SeatUser & { agencyId: string };

export class LessonsLiveService {
  constructor(
    private readonly repo: LessonsLiveRepository,
    private readonly access: LessonAccess,
    private readonly clock: Clock,
    private readonly ice: IceConfig,
  ) {}

  private async seat(c: LiveCaller, id: string): Promise<LessonSeat> {
    const n = parseNumericId(id);
    const seat = n === null ? null : await this.access.seatOf(c, c.agencyId, n);
    if (!seat) throw notFound(NOT_FOUND);
    return seat;
  }

  /** STUN and TURN servers with fresh credentials; only the two participants hold a video connection. */
  async iceServers(c: LiveCaller, id: string): Promise<IceServers> {
    const seat = await this.seat(c, id);
    if (seat.role !== 'teacher' && seat.role !== 'student') throw forbidden('只有本课的教师和学生需要视频连接');
    return iceServersFor(this.ice, c.id, this.clock.now());
  }

  /**
   * The replay: every seat once the lesson ended; the participants and staff also while it is live (parents wait
   * for the end). A page of changes after `afterSeq`, and with `snapshot` the scene to start a seek from.
   */
  async replay(c: LiveCaller, id: string, q: LessonReplayQuery): Promise<LessonReplay> {
    const seat = await this.seat(c, id);
    const lessonId = seat.lesson.id;
    const lesson = await this.repo.lesson(lessonId);
    if (!lesson) throw notFound(NOT_FOUND);
    if (lesson.status === 'scheduled') throw conflict('课程尚未开始，还没有回放');
    if (lesson.status === 'cancelled') throw conflict('课程已取消，没有回放');
    if (lesson.status === 'live' && seat.role === 'parent') throw forbidden('课程结束后家长可以观看回放');
    const [snapshots, snapshot, changes, presence] = await Promise.all([
      this.repo.snapshotIndex(lessonId),
      q.snapshot ? this.repo.snapshotAtOrBefore(lessonId, q.afterSeq) : Promise.resolve(undefined),
      this.repo.changes(lessonId, q.afterSeq, q.limit, REPLAY_PAGE_BYTES),
      this.repo.presence(lessonId, PRESENCE_LIMIT),
    ]);
    const last = changes.at(-1)?.seq ?? q.afterSeq;
    return {
      lessonId: String(lessonId),
      status: lesson.status,
      startsAt: lesson.startsAt,
      openedAt: lesson.openedAt,
      closedAt: lesson.closedAt,
      lastSeq: lesson.lastSeq,
      snapshots,
      snapshot: snapshot
        ? {
            seq: snapshot.seq,
            at: snapshot.at,
            scene: snapshot.scene as ReplayScene,
          }
        : null,
      changes: changes.map((ch): ReplayChange => ({
        seq: ch.seq,
        at: ch.at,
        by: ch.by === null ? null : String(ch.by),
        kind: ch.kind as ReplayChange['kind'],
        payload: ch.payload,
      })),
      nextAfterSeq: last < lesson.lastSeq ? last : null,
      // A row a lost node left open ends at the lesson's close (while live it is still open).
      presence: presence.map((p) => ({
        userId: String(p.userId),
        name: p.name,
        role: p.role,
        joinedAt: p.joinedAt,
        leftAt: p.leftAt ?? (lesson.status === 'ended' ? lesson.closedAt : null),
      })),
    };
  }
}
