// What other features may use of the trainings' data access (docs/architecture.md §3 "Layout and boundaries"):
// services.ts hands them the one TrainingRepository, typed by this narrower view, so every method another feature
// reaches is named here.
import type { TrainingRepository } from './training.repository.js';

export type { TrainingRow } from './training.repository.js';

export type TrainingReads = Pick<TrainingRepository, 'get' | 'events' | 'answers' | 'userName'>;
