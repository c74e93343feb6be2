// Staff comments on a student's training (docs/practice-engine.md "Comments"). The student who trained and
// the agency's train staff who read the training (docs/classes.md "Whose records a teacher reads") read them;
// those staff write them once the training has ended, one on the whole training and one per answer record; a
// teacher changes or deletes only their own, admins any. A training outside the caller's reach answers 404.
import {
  agencyRole,
  ROLE_SETS,
  satisfies,
  type TrainingComment,
  type TrainingCommentRequest,
  type TrainingComments,
} from '@edu/contract';
import { conflict, forbidden, invalidField, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import { parseNumericId } from '../../lib/ids.js';
import type { TrainingReaders } from '../training/training.service.js';
import type { TrainingReads, TrainingRow } from '../training/training-reads.js';
import type { CommentRow, TrainingCommentsRepository } from './training-comments.repository.js';

interface Viewer {
  id: number;
  roles: readonly string[];
}

/** Who may change any comment of the agency (`{agency}` is substituted by satisfies). */
const STAFF_ADMINS = [[agencyRole('admin')], [agencyRole('train:admin')]];

const TRAINING_NOT_FOUND = '训练不存在';
const COMMENT_NOT_FOUND = '点评不存在';

export class TrainingCommentsService {
  constructor(
    private readonly repo: TrainingCommentsRepository,
    private readonly trainings: TrainingReads,
    private readonly readers: TrainingReaders,
    private readonly clock: Clock,
  ) {}

  /** The training's comments, for the student who trained or train staff who read it (others: 404). */
  async list(user: Viewer, agencyId: string, trainId: string): Promise<TrainingComments> {
    const row = await this.training(agencyId, trainId);
    const staff = await this.staffReads(user, agencyId, row);
    if (row.userId !== user.id && !staff) throw notFound(TRAINING_NOT_FOUND);
    return this.view(user, agencyId, row, staff);
  }

  /** Writes (or replaces) the comment on the training or on one of its answer records. */
  async save(user: Viewer, agencyId: string, trainId: string, req: TrainingCommentRequest): Promise<TrainingComments> {
    const row = await this.training(agencyId, trainId);
    if (!(await this.staffReads(user, agencyId, row))) throw notFound(TRAINING_NOT_FOUND);
    if (row.status === 'running') throw conflict('训练尚未结束，结束后才能点评');
    let recordId: number | null = null;
    if (req.recordId !== undefined && req.recordId !== null) {
      recordId = parseNumericId(req.recordId);
      if (recordId === null || !(await this.repo.recordInTraining(recordId, row.id)))
        throw invalidField('recordId', '该答题记录不属于这次训练');
    }
    const existing = await this.repo.findOn(row.id, recordId);
    if (existing && !this.mayChange(user, agencyId, existing.authorId)) throw forbidden('只能修改自己的点评');
    await this.repo.upsert({
      trainingId: row.id,
      recordId,
      authorId: user.id,
      content: req.content,
      now: new Date(this.clock.now()),
    });
    return this.view(user, agencyId, row, true);
  }

  async remove(user: Viewer, agencyId: string, commentId: string): Promise<TrainingComments> {
    const id = parseNumericId(commentId);
    const comment = id === null ? undefined : await this.repo.find(id, agencyId);
    if (!comment) throw notFound(COMMENT_NOT_FOUND);
    const row = await this.training(agencyId, String(comment.trainingId));
    if (!(await this.staffReads(user, agencyId, row))) throw notFound(COMMENT_NOT_FOUND);
    if (!this.mayChange(user, agencyId, comment.authorId)) throw forbidden('只能删除自己的点评');
    await this.repo.remove(comment.id);
    return this.view(user, agencyId, row, true);
  }

  /** Train staff who read the training's records (docs/classes.md "Whose records a teacher reads"). */
  private async staffReads(user: Viewer, agencyId: string, row: TrainingRow): Promise<boolean> {
    if (!satisfies(user.roles, ROLE_SETS.trainStaff, agencyId)) return false;
    return this.readers.readsTraining(
      { userId: user.id, roles: user.roles, agencyId },
      { userId: row.userId, taskId: row.taskId },
    );
  }

  private async training(agencyId: string, trainId: string): Promise<TrainingRow> {
    const n = parseNumericId(trainId);
    const row = n === null ? undefined : await this.trainings.get(n, agencyId);
    if (!row) throw notFound(TRAINING_NOT_FOUND);
    return row;
  }

  /** Its author, or the agency's admins (admin, train:admin), may change a comment. */
  private mayChange(user: Viewer, agencyId: string, authorId: number | null): boolean {
    if (authorId === user.id) return true;
    return satisfies(user.roles, STAFF_ADMINS, agencyId);
  }

  private async view(user: Viewer, agencyId: string, row: TrainingRow, staff: boolean): Promise<TrainingComments> {
    const rows = await this.repo.list(row.id);
    const toComment = (c: CommentRow): TrainingComment => ({
      commentId: String(c.id),
      recordId: c.recordId === null ? null : String(c.recordId),
      content: c.content,
      authorId: c.authorId === null ? null : String(c.authorId),
      author: c.author,
      createTime: c.createdAt.getTime(),
      updateTime: c.updatedAt.getTime(),
      editable: staff && this.mayChange(user, agencyId, c.authorId),
    });
    const overall = rows.find((c) => c.recordId === null);
    return {
      trainId: String(row.id),
      commentable: row.status !== 'running',
      canComment: staff,
      overall: overall ? toComment(overall) : null,
      records: rows.filter((c) => c.recordId !== null).map(toComment),
    };
  }
}
