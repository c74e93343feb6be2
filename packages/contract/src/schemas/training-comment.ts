// Staff comments on a student's training (docs/product.md §2 train/comment pages, docs/practice-engine.md "Comments"):
// one on the whole training and at most one on each of its answer records.
import { z } from 'zod';
import { EpochMs, Id } from './common.js';

export const COMMENT_MAX_LENGTH = 2000;

export const TrainingComment = z.object({
  commentId: Id,
  /** The answer record commented on; null for the comment on the whole training. */
  recordId: Id.nullable(),
  content: z.string(),
  authorId: Id.nullable(),
  /** The author's name ('' when the author's account is gone). */
  author: z.string(),
  createTime: EpochMs,
  updateTime: EpochMs,
  /** Whether the caller may change or delete it (its author, or the agency's admins). */
  editable: z.boolean(),
});
export type TrainingComment = z.infer<typeof TrainingComment>;

/** `GET /v1/train/{id}/comments`: the training's comments. */
export const TrainingComments = z.object({
  trainId: Id,
  /** Staff may comment only once the training has ended. */
  commentable: z.boolean(),
  /** Whether the caller is staff who may write comments. */
  canComment: z.boolean(),
  overall: TrainingComment.nullable(),
  /** Comments on answer records, in the order the answers were given. */
  records: z.array(TrainingComment),
});
export type TrainingComments = z.infer<typeof TrainingComments>;

/** `PUT /v1/train/{id}/comment`: writes (or replaces) the comment on the training or one of its records. */
export const TrainingCommentRequest = z.object({
  recordId: Id.nullable().optional(),
  content: z
    .string()
    .trim()
    .min(1, '请输入点评内容')
    .max(COMMENT_MAX_LENGTH, `点评内容不超过 ${COMMENT_MAX_LENGTH} 个字符`),
});
export type TrainingCommentRequest = z.infer<typeof TrainingCommentRequest>;
