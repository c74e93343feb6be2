// How a training's state is stored (migrations 0047 and 0050, docs/practice-engine.md "The training service"): the
// row's `state` holds everything but `answers` and `drawn`; each answer is a row of training_answers (`n` = its
// index) and each write that draws appends one row of training_draws with the ids it drew (`n` = the place of the
// first). Answers and draws append rows instead of rewriting lists growing with the training; the reads here put the
// state together.
import { and, eq, getTableColumns, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { trainingAnswers, trainingDraws, trainings } from '../../db/schema.js';

type StateJson = Record<string, unknown>;

/**
 * The row's state, its answers and its drawn ids in one text: the state's json, a U+0001, the answers' json objects
 * separated by commas, a U+0002, then the drawn ids as json strings separated by commas (each draw row's array
 * without its brackets), all in order. Neither separator is ever raw in json text (the json type refuses unescaped
 * control characters).
 */
export const fullState =
  sql<StateJson>`${trainings.state}::text || chr(1) || coalesce((select string_agg(a.answer::text, ',')
    from (select ${trainingAnswers.answer} as answer from ${trainingAnswers}
           where ${trainingAnswers.trainingId} = ${trainings.id} order by ${trainingAnswers.n}) a), '')
    || chr(2) || coalesce((select string_agg(substr(d.ids, 2, length(d.ids) - 2), ',')
    from (select ${trainingDraws.questionIds}::text as ids from ${trainingDraws}
           where ${trainingDraws.trainingId} = ${trainings.id} order by ${trainingDraws.n}) d), '')`.mapWith(
    (v: string) => mergeState(v),
  );

/** Every column of `trainings`, the state put together with its answers and drawn ids: what `select().from(trainings)` was. */
export const TRAINING_COLUMNS = { ...getTableColumns(trainings), state: fullState };

/**
 * The state from `fullState`'s text. A state written before its answers or its drawn ids left it keeps its own
 * (test fixtures insert such states).
 */
export function mergeState(text: string): StateJson {
  const cut = text.indexOf('\u0001');
  const head = JSON.parse(cut < 0 ? text : text.slice(0, cut)) as StateJson;
  const cutDrawn = cut < 0 ? -1 : text.indexOf('\u0002', cut + 1);
  const answers = cut < 0 ? '' : text.slice(cut + 1, cutDrawn < 0 ? undefined : cutDrawn);
  const drawn = cutDrawn < 0 ? '' : text.slice(cutDrawn + 1);
  if (answers !== '') head.answers = JSON.parse(`[${answers}]`);
  else if (!Array.isArray(head.answers)) head.answers = [];
  if (drawn !== '') head.drawn = JSON.parse(`[${drawn}]`);
  else if (!Array.isArray(head.drawn)) head.drawn = [];
  const visit = head.visit as StateJson | null | undefined;
  if (visit && Array.isArray(visit[VISIT_IDS_AT])) head.visit = withVisitIds(visit, head.drawn as string[]);
  return head;
}

/**
 * The state as the row stores it: without its answers and drawn ids (rows of training_answers and training_draws),
 * and its visit's questions as their place in the drawn ids (`compactVisit`).
 */
export function stateHead(state: StateJson): StateJson {
  if (!('answers' in state) && !('drawn' in state)) return state;
  const { answers: _answers, drawn, ...head } = state;
  if (head.visit && typeof head.visit === 'object' && Array.isArray(drawn))
    head.visit = compactVisit(head.visit as StateJson, drawn);
  return head;
}

/** The key a stored visit has instead of its `questionIds`: `[place of the first in the drawn ids, how many]`. */
const VISIT_IDS_AT = 'questionIdsAt';

/**
 * A visit as the row stores it (docs/practice-engine.md "The training service"). A visit's questions are the ids its
 * draw appended to the drawn list, so they are a run of that list: the row keeps their place and number instead of
 * the ids, which every answer would otherwise write again (50 ids of a practice's visit, about a fifth of what an
 * answer sends the database). Checked against the list on every write: a visit whose ids are not such a run keeps
 * them. The key takes the ids' place in the object, so the state put back reads in the same order.
 */
function compactVisit(visit: StateJson, drawn: unknown[]): StateJson {
  const ids = visit.questionIds;
  if (!Array.isArray(ids) || ids.length === 0) return visit;
  // Mostly the last draw's ids: looked for from the end of the list, which grows with the training.
  const last = drawn.lastIndexOf(ids[0]);
  const at = isRunAt(drawn, ids, last) ? last : drawn.indexOf(ids[0]);
  if (!isRunAt(drawn, ids, at)) return visit;
  return replaceKey(visit, 'questionIds', VISIT_IDS_AT, [at, ids.length]);
}

function isRunAt(drawn: unknown[], ids: unknown[], at: number): boolean {
  if (at < 0 || at + ids.length > drawn.length) return false;
  for (let i = 0; i < ids.length; i++) if (drawn[at + i] !== ids[i]) return false;
  return true;
}

/** The stored visit with its questions put back from the drawn ids. */
function withVisitIds(visit: StateJson, drawn: string[]): StateJson {
  const [at, count] = visit[VISIT_IDS_AT] as [number, number];
  return replaceKey(visit, VISIT_IDS_AT, 'questionIds', drawn.slice(at, at + count));
}

function replaceKey(o: StateJson, from: string, to: string, value: unknown): StateJson {
  const out: StateJson = {};
  for (const key of Object.keys(o)) {
    if (key === from) out[to] = value;
    else out[key] = o[key];
  }
  return out;
}

/** The answers `after` adds to `before` (answers are only ever appended: the engine keeps every one). */
export function answersAdded(before: StateJson, after: StateJson): unknown[] {
  return added(before.answers, after.answers);
}

/** How many ids the state has drawn. */
export function drawnCount(state: StateJson): number {
  return Array.isArray(state.drawn) ? state.drawn.length : 0;
}

/**
 * The ids `after` draws beyond `before` (the engine only appends to its drawn list; a lesson's withdrawal, which takes
 * the last draw back, deletes rows itself: `dropDrawsFrom`).
 */
export function drawnAdded(before: StateJson, after: StateJson): string[] {
  return added(before.drawn, after.drawn) as string[];
}

function added(before: unknown, after: unknown): unknown[] {
  const had = Array.isArray(before) ? before.length : 0;
  return Array.isArray(after) ? after.slice(had) : [];
}

/**
 * Appends the ids a write drew, from place `from` of the drawn list on, as one row (in the caller's transaction,
 * beside the row's write); nothing when it drew none.
 */
export async function appendDraws(tx: DbOrTx, trainingId: number, from: number, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.insert(trainingDraws).values({ trainingId, n: from, questionIds: [...ids] });
}

/**
 * Cuts a training's drawn list back to its first `from` ids (a lesson taking its last push back): the rows from there
 * on go, and a row reaching past it keeps its first ids.
 */
export async function dropDrawsFrom(tx: DbOrTx, trainingId: number, from: number): Promise<void> {
  await tx.delete(trainingDraws).where(and(eq(trainingDraws.trainingId, trainingId), gte(trainingDraws.n, from)));
  await tx.execute(sql`update ${trainingDraws} set question_ids = (
      select json_agg(e.id order by e.ord) from json_array_elements(question_ids) with ordinality as e (id, ord)
       where e.ord <= ${from} - n)
    where training_id = ${trainingId} and n < ${from} and n + json_array_length(question_ids) > ${from}`);
}
