// The one rule every read that finds questions carries: a question an import is still writing (its job in
// `import_pending`) does not exist yet for anyone; the import publishes all of its questions at once by
// deleting that row (docs/jobs.md "Imports").
import { sql } from 'drizzle-orm';
import { importPending, questions } from './schema.js';

/** True for every question but those of an import still being written. */
export const notPendingImport = sql`not exists (select 1 from ${importPending} where ${importPending.jobId} = ${questions.importJobId})`;
