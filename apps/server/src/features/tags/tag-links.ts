// What other features may use of the tags' data access (docs/architecture.md §3 "Layout and boundaries"): the
// question bank and the import link questions to tags by name; services.ts hands them the one TagsRepository, typed
// by this narrower view.
import type { TagsRepository } from './tags.repository.js';

export type TagLinks = Pick<TagsRepository, 'idsForNames' | 'setQuestionTags'>;
