// What a training needs of a scheme, and the snapshot it keeps of it (later edits do not change a running
// training). The schemes feature provides the source.
import type { EngineScheme } from '@edu/contract';

export interface TrainableScheme {
  id: number;
  title: string;
  type: 'general' | 'paper';
  engine: EngineScheme;
}

export interface TrainingSnapshot {
  title: string;
  type: 'general' | 'paper';
  engine: EngineScheme;
  /**
   * A lesson's training (docs/lessons.md "The engine in the lesson"): its questions are the teacher's pushes, never
   * draws from the bank; it holds an unanswered push like a task's training (sealing.ts).
   */
  lessonId?: number;
}

export interface SchemeSource {
  /** The scheme the agency's students may train on now: 404 when unknown or foreign, 409 when switched off. */
  trainable(agencyId: string, schemeId: string): Promise<TrainableScheme>;
  /** A page of the switched-on schemes the agency's students may train on, last updated first. */
  openPage(
    agencyId: string,
    page: { start: number; size: number },
  ): Promise<{ total: number; list: (TrainableScheme & { kpRange: string[]; updatedAt: Date })[] }>;
}
