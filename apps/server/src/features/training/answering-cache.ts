// A process's copy of the trainings its students are answering (docs/performance.md "The answer without its
// read"): what the last answer wrote — the training's row with its whole state, the row version (`xmin`) it was
// written at, and the question the student sees next with its row version. The next answer to that question
// judges from the copy and writes at once, guarded by both row versions: any other write of the training or of
// the question (another process, a finish, a teacher's edit, a lesson taking a question back) fails the guard and
// the answer reads everything again. So the copy is never trusted past what the database confirms in the same
// statement that stores the answer. A running paper has no question next (every answer may be to any of its
// questions): its copy holds the paper's answers so far instead (the last of each question, as its view shows them),
// and the answered question is read alone with its row version, which guards the write the same way.
import type { QuestionRow } from '../questions/question-reads.js';
import type { PaperAnswers, RunningTally } from './training-view.js';
import type { TrainingRow } from './training.repository.js';
import { setNewest } from '../../lib/bounded-map.js';

export interface AnsweringCopy {
  /** The training as written, `state` whole (answers included). */
  row: TrainingRow;
  /** The row version of the training as written (`xmin`). */
  xmin: string;
  /** The question the student sees next, and its row version; null when the state shows none (a paper). */
  next: { question: QuestionRow; xmin: string } | null;
  /** The counted answers' tally of `row.state`: the next answer's tally only adds its own (training-view.ts). */
  tally?: RunningTally;
  /** A running paper's answers so far (the last of each question); absent for a training that is not a paper. */
  paper?: PaperAnswers;
}

/** At most `max` copies, the least recently used dropped first; `max` 0 keeps none. */
export class AnsweringCache {
  private readonly copies = new Map<number, AnsweringCopy>();

  constructor(private readonly max: number) {}

  /** Takes the copy out: whoever answers with it puts the new one back once the answer is stored. */
  take(trainingId: number): AnsweringCopy | undefined {
    const copy = this.copies.get(trainingId);
    if (copy !== undefined) this.copies.delete(trainingId);
    return copy;
  }

  put(trainingId: number, copy: AnsweringCopy): void {
    setNewest(this.copies, trainingId, copy, this.max);
  }

  /** Forgets the training (this process changed it some other way). */
  drop(trainingId: number): void {
    this.copies.delete(trainingId);
  }

  get size(): number {
    return this.copies.size;
  }
}
