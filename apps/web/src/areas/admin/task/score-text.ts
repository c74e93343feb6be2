// How a student's result in a task reads in a table: no score (not started, or not finished) is `--`, never 0
// (docs/tasks.md "Scores"); the Excel export leaves the same cells empty.
import type { TaskStudentResult } from '@edu/contract';

export const NO_SCORE = '--';

/** `得分`: the training's score over its maximum. */
export const scoreText = (r: Pick<TaskStudentResult, 'score' | 'maxScore'>): string =>
  r.score === null ? NO_SCORE : `${r.score} / ${r.maxScore ?? NO_SCORE}`;

/** `计入成绩`: the score after the late penalty. */
export const taskScoreText = (r: Pick<TaskStudentResult, 'taskScore'>): string | number => r.taskScore ?? NO_SCORE;
