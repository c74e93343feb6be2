// A task's deadline moved: the running trainings that were cut at the old deadline are cut at the new one
// (docs/tasks.md "Window and late policies"). A training's time limit lives in its snapshot and its state's scheme
// deadline (the engine derives the second from the first at the start); both are rewritten together, only while
// the training is running and nobody changed it since it was read, so an answer in flight is never lost: the
// write is retried on the answer's new state.
import { advanceTime, type TrainingState } from '@edu/contract';
import type { Clock } from '../../lib/clock.js';
import type { TrainingRepository, TrainingRow } from './training.repository.js';
import type { TrainingSnapshot } from './training-scheme.js';

const MAX_TRIES = 5;

/**
 * The time limit (seconds, 0 = none) of a training started at `startedAt` and cut at `cutAt`: never longer than
 * the scheme's own `own`; with no cut (a late policy), the scheme's own.
 */
export function cutLimit(own: number, startedAt: number, cutAt: number | null): number {
  if (cutAt === null) return own;
  const seconds = Math.max(1, Math.floor((cutAt - startedAt) / 1000));
  return own > 0 ? Math.min(own, seconds) : seconds;
}

export class TaskRetime {
  constructor(
    private readonly repo: TrainingRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Cuts every running training of the task that started before `deadline` at `cutAt` instead (null: no cut, the
   * scheme's own limit `own`, seconds, 0 = none). Answers how many changed. A training whose time already ran out is
   * left to the engine (it expired at its old limit: moving the deadline later does not revive it).
   */
  async moveCut(taskId: number, deadline: number, cutAt: number | null, own: number): Promise<number> {
    let changed = 0;
    for (const first of await this.repo.runningOfTask(taskId)) {
      let row: TrainingRow | undefined = first;
      for (let attempt = 0; row && attempt < MAX_TRIES; attempt++) {
        const result = await this.retimeOne(row, deadline, cutAt, own);
        if (result !== 'retry') {
          if (result === 'changed') changed++;
          break;
        }
        row = (await this.repo.runningOfTask(taskId)).find((r) => r.id === first.id);
      }
    }
    return changed;
  }

  private async retimeOne(
    row: TrainingRow,
    deadline: number,
    cutAt: number | null,
    own: number,
  ): Promise<'changed' | 'same' | 'retry'> {
    const startedAt = row.startedAt.getTime();
    // A late start was never cut and keeps its own time.
    if (startedAt >= deadline) return 'same';
    const now = this.clock.now();
    const snapshot = row.scheme as unknown as TrainingSnapshot;
    const stored = row.state as unknown as TrainingState;
    if (advanceTime(snapshot.engine, stored, now).status !== 'running') return 'same';
    const timeLimit = cutLimit(own, startedAt, cutAt);
    if (timeLimit === snapshot.engine.timeLimit) return 'same';
    const next: TrainingSnapshot = { ...snapshot, engine: { ...snapshot.engine, timeLimit } };
    const nextState: TrainingState = { ...stored, schemeDeadline: timeLimit > 0 ? startedAt + timeLimit * 1000 : null };
    const saved = await this.repo.retimeIfUnchanged(
      row.id,
      row.eventCount,
      next as unknown as Record<string, unknown>,
      nextState as unknown as Record<string, unknown>,
      new Date(now),
    );
    return saved ? 'changed' : 'retry';
  }
}
