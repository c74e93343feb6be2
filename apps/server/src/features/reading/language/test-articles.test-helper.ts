// The test articles: public-domain texts of data/articles (sources: data/articles/SOURCES.md) and real exam
// passages of data/exam-passages (ExpMRC's RACE+ development set, CC BY-SA 4.0: data/exam-passages/SOURCES.md).
import { readdirSync, readFileSync } from 'node:fs';

const DIR = new URL('./data/articles/', import.meta.url);

export const TEST_ARTICLES: { name: string; text: string }[] = readdirSync(DIR)
  .filter((f) => f.endsWith('.txt'))
  .sort()
  .map((name) => ({ name, text: readFileSync(new URL(name, DIR), 'utf8') }));

export const EXAM_PASSAGES: { id: string; article: string }[] = JSON.parse(
  readFileSync(new URL('./data/exam-passages/expmrc-race-dev-sample.json', import.meta.url), 'utf8'),
) as { id: string; article: string }[];

/** An exam passage by its ExpMRC id. */
export const examPassage = (id: string): string => {
  const found = EXAM_PASSAGES.find((p) => p.id === id);
  if (!found) throw new Error(`no exam passage ${id}`);
  return found.article;
};
