// Tables of the tasks part of the organisation layer. They import the base tables from schema.ts (one way:
// schema.ts never imports this file); features import these tables from here.
export {};
