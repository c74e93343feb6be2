// A keyword as an ILIKE pattern matching it anywhere, its wildcards escaped (PostgreSQL's default escape `\`).
export const containsPattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
