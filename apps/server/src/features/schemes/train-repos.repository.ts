// SQL for train (scheme) repositories and subscriptions: the queries shared with question repositories
// (repositories/repository-kind.repository.ts) on this kind's tables. Every query names the agency in context.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { schemes, trainRepos as r, trainRepoSubscriptions } from '../../db/schema.js';
import {
  RepoKindRepository,
  type RepoKindRow,
  type RepoKindWrite,
} from '../repositories/repository-kind.repository.js';

/** A train repository; `itemCount` is its schemes. */
export type TrainRepoRow = RepoKindRow;
export type TrainRepoWrite = RepoKindWrite;

// Graph practice's system schemes are not counted, nor shown in the store (docs/knowledge-graph.md "Practice").
export const notGraphPractice = sql`not exists (select 1 from graph_practice_schemes g where g.scheme_id = ${schemes.id})`;
export const schemeCount = sql<number>`(select count(*) from ${schemes} where ${schemes.trainRepoId} = ${r.id}
  and ${notGraphPractice})::int`;

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
