// What other features may read of the knowledge graphs (docs/architecture.md §3 "Layout and boundaries"):
// services.ts hands them the one KnowledgeGraphRepository, typed by this narrower view, so every method another
// feature reaches is named here.
import type { KnowledgeGraphRepository } from './knowledge-graph.repository.js';

export type GraphReads = Pick<KnowledgeGraphRepository, 'prerequisitesOnto'>;
