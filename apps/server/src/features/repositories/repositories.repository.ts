// SQL for question repositories and subscriptions: the queries shared with train repositories
// (repository-kind.repository.ts) on this kind's tables. Every query names the agency in context.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notPendingImport } from '../../db/pending-imports.js';
import { questionRepos as r, questions, repoSubscriptions } from '../../db/schema.js';
import { RepoKindRepository, type RepoKindRow, type RepoKindWrite } from './repository-kind.repository.js';

/** A question repository; `itemCount` is its active questions. */
export type RepoRow = RepoKindRow;
export type RepoWrite = RepoKindWrite;

/** The active questions of the repository `r.id` (the lists' and the store's count). */
export const activeCount = sql<number>`(select count(*) from ${questions} where ${questions.repoId} = ${r.id} and ${questions.status} = 'active' and ${notPendingImport})::int`;

export class RepositoriesRepository extends RepoKindRepository {
  constructor(db: Db) {
    super(db, {
      repos: r,
      subscriptions: repoSubscriptions,
      itemCount: activeCount,
      // Archived questions count too: a repository is deleted only when it holds no question at all.
      items: { table: questions, repoId: questions.repoId },
    });
  }
}
