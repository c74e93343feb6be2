// How a training's state is stored (migration 0047, docs/practice-engine.md "The training service"): the row's
// `state` holds everything but `answers`, and each answer is a row of training_answers (`n` = its index). An answer
// appends its row instead of rewriting a document growing with the training; the reads here put the state together.
import { getTableColumns, sql } from 'drizzle-orm';
import { trainingAnswers, trainings } from '../../db/schema.js';

type StateJson = Record<string, unknown>;

/**
 * The row's state and its answers in one text: the state's json, a U+0001 (never raw in json text: the json type
 * refuses unescaped control characters), then the answers' json objects separated by commas, in order.
 */
export const fullState =
  sql<StateJson>`${trainings.state}::text || chr(1) || coalesce((select string_agg(a.answer::text, ',')
    from (select ${trainingAnswers.answer} as answer from ${trainingAnswers}
           where ${trainingAnswers.trainingId} = ${trainings.id} order by ${trainingAnswers.n}) a), '')`.mapWith(
    (v: string) => mergeState(v),
  );

/** Every column of `trainings`, the state put together with its answers: what `select().from(trainings)` was. */
export const TRAINING_COLUMNS = { ...getTableColumns(trainings), state: fullState };

/** The state from `fullState`'s text. A state written before its answers left it keeps its own (test fixtures). */
export function mergeState(text: string): StateJson {
  const cut = text.indexOf('\u0001');
  const head = JSON.parse(cut < 0 ? text : text.slice(0, cut)) as StateJson;
  const answers = cut < 0 ? '' : text.slice(cut + 1);
  if (answers !== '') head.answers = JSON.parse(`[${answers}]`);
  else if (!Array.isArray(head.answers)) head.answers = [];
  return head;
}

/** The state as the row stores it: without its answers (they are rows of training_answers). */
export function stateHead(state: StateJson): StateJson {
  if (!('answers' in state)) return state;
  const { answers: _answers, ...head } = state;
  return head;
}

/** The answers `after` adds to `before` (answers are only ever appended: the engine keeps every one). */
export function answersAdded(before: StateJson, after: StateJson): unknown[] {
  const had = Array.isArray(before.answers) ? before.answers.length : 0;
  return Array.isArray(after.answers) ? after.answers.slice(had) : [];
}
