// Which statements the named-statement clients keep (pglite-named.ts, postgres-named.ts): those that read or write
// rows. DDL, SET, BEGIN, SAVEPOINT and the like run unnamed (docs/server.md "Named statements on PostgreSQL").
const DATA_STATEMENT = /^\s*(?:select|insert|update|delete|with)\b/i;

/** Whether the text starts as a statement that reads or writes rows. */
export const isDataStatement = (text: string): boolean => DATA_STATEMENT.test(text);
