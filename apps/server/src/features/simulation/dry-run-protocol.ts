// What the dry-run job and its child process say to each other (docs/simulation.md "Dry run of a scheme"): the
// plain data of the run goes in once; progress comes back at most every `PROGRESS_MS`, then the result or an error.
import type { EngineScheme, SimulationResult, SimulationSpread } from '@edu/contract';
import type { SourceQuestion } from './sim-world.js';

export interface DryRunData {
  questions: SourceQuestion[];
  /** Prerequisite → dependant, as knowledge point codes (the graphs' edges onto the bank's points). */
  edges: [string, string][];
  engine: EngineScheme;
  students: number;
  spread: SimulationSpread;
  seed: number;
}

export type ToDryRun = { type: 'start'; data: DryRunData };

export type FromDryRun =
  | { type: 'progress'; processed: number; total: number }
  | { type: 'done'; result: SimulationResult }
  | { type: 'error'; message: string };

/** The child reports progress at most this often (each report is a write of the job row). */
export const PROGRESS_MS = 250;
