// SQL for train (scheme) repositories and subscriptions: the queries shared with question repositories
// (db/repository-kind.ts) on this kind's tables. Every query names the agency in context.
import type { Db } from '../../db/client.js';
import { RepoKindRepository, type RepoKindRow, type RepoKindWrite } from '../../db/repository-kind.js';
import { schemes, trainRepos as r, trainRepoSubscriptions } from '../../db/schema.js';
import { schemeCount } from './train-repos.sql.js';

/** A train repository; `itemCount` is its schemes. */
export type TrainRepoRow = RepoKindRow;
export type TrainRepoWrite = RepoKindWrite;

export class TrainReposRepository extends RepoKindRepository {
  constructor(db: Db) {
    super(db, {
      repos: r,
      subscriptions: trainRepoSubscriptions,
      itemCount: schemeCount,
      items: { table: schemes, repoId: schemes.trainRepoId },
    });
  }
}
