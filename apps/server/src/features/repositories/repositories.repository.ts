// SQL for question repositories and subscriptions: the queries shared with train repositories
// (db/repository-kind.ts) on this kind's tables. Every query names the agency in context.
import type { Db } from '../../db/client.js';
import { RepoKindRepository, type RepoKindRow, type RepoKindWrite } from '../../db/repository-kind.js';
import { questionRepos as r, questions, repoSubscriptions } from '../../db/schema.js';
import { activeCount } from './repositories.sql.js';

/** A question repository; `itemCount` is its active questions. */
export type RepoRow = RepoKindRow;
export type RepoWrite = RepoKindWrite;

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
