// The public-domain test articles of data/articles (sources: data/articles/SOURCES.md).
import { readdirSync, readFileSync } from 'node:fs';

const DIR = new URL('./data/articles/', import.meta.url);

export const TEST_ARTICLES: { name: string; text: string }[] = readdirSync(DIR)
  .filter((f) => f.endsWith('.txt'))
  .sort()
  .map((name) => ({ name, text: readFileSync(new URL(name, DIR), 'utf8') }));
