// SQL of train repositories shared with the store's lists (docs/architecture.md §3).
import { sql } from 'drizzle-orm';
import { schemes, trainRepos as r } from '../../db/schema.js';

// Graph practice's system schemes are not counted, nor shown in the store (docs/knowledge-graph.md "Practice").
export const notGraphPractice = sql`not exists (select 1 from graph_practice_schemes g where g.scheme_id = ${schemes.id})`;
export const schemeCount = sql<number>`(select count(*) from ${schemes} where ${schemes.trainRepoId} = ${r.id}
  and ${notGraphPractice})::int`;
