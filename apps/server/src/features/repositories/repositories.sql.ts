// SQL of question repositories shared with the store's lists (docs/architecture.md §3).
import { sql } from 'drizzle-orm';
import { notPendingImport } from '../../db/pending-imports.js';
import { questionRepos as r, questions } from '../../db/schema.js';

/** The active questions of the repository `r.id` (the lists' and the store's count). */
export const activeCount = sql<number>`(select count(*) from ${questions} where ${questions.repoId} = ${r.id} and ${questions.status} = 'active' and ${notPendingImport})::int`;
