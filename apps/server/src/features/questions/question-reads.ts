// What other features may use of the question bank's data access (docs/architecture.md §3 "Layout and
// boundaries"): services.ts hands them the one QuestionsRepository, typed by this narrower view, so every method
// another feature reaches is named here.
import type { QuestionsRepository } from './questions.repository.js';

export type { Visibility } from './question-page.query.js';
export type { QuestionRow } from './questions.repository.js';

export type QuestionReads = Pick<
  QuestionsRepository,
  'byIds' | 'get' | 'page' | 'matchingIds' | 'existingKnowledgeCodes' | 'bankVersion'
>;
