// Shared pieces of the contract fuzz tests (api-fuzz.test.ts, api-fuzz-empty.test.ts): one app on the demo
// data with a running training, the demo accounts logged in once, ids that exist in that data by field name,
// and the URL of a call built from its params and query the way a careless client would send them.
import { API, envelopeOf, type ApiRoute, type Scheme } from '@edu/contract';
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { classes } from '../db/schema-classes.js';
import { tasks } from '../db/schema-tasks.js';
import {
  agencies,
  files,
  knowledgePoints,
  questionRepos,
  questions,
  schemes,
  tags,
  trainingComments,
  trainings,
  trainRepos,
  users,
} from '../db/schema.js';
import { createTestBank, generalScheme, schemeCalls } from '../features/schemes/scheme-fixtures.test-helper.js';
import { createTestApp, expectOk, type TestApp } from './test-app.js';

export const AnyEnvelope = envelopeOf(z.unknown());

/** Calls that end the caller's session, or change its password, run last so the others keep their login. */
const LAST = new Set<ApiRoute>([API.logout, API.changePassword]);
const METHOD_ORDER = { GET: 0, PUT: 1, POST: 2, DELETE: 3 } as const;
/** Reads first, removals late, session-ending calls last. */
export const fuzzOrder = (a: ApiRoute, b: ApiRoute) =>
  Number(LAST.has(a)) - Number(LAST.has(b)) || METHOD_ORDER[a.method] - METHOD_ORDER[b.method];

/**
 * Percent-encoding that also carries what encodeURIComponent refuses: a lone surrogate goes out as the
 * bytes a careless client would send (its WTF-8 form), not as an exception in the test.
 */
export function encode(value: string): string {
  let out = '';
  for (const ch of value) {
    const c = ch.charCodeAt(0);
    if (ch.length === 1 && c >= 0xd800 && c <= 0xdfff)
      out +=
        `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 0x3f)).toString(16)}%${(0x80 | (c & 0x3f)).toString(16)}`.toUpperCase();
    else out += encodeURIComponent(ch);
  }
  return out;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

export function pathOf(route: ApiRoute, params: unknown): string {
  const p = params && typeof params === 'object' ? (params as Record<string, unknown>) : {};
  return route.path.replace(/:(\w+)/g, (_, name: string) => encode(text(p[name] ?? '')));
}

export function queryOf(query: unknown): string {
  if (!query || typeof query !== 'object' || Array.isArray(query))
    return query === undefined ? '' : `?${encode(text(query))}`;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query as Record<string, unknown>)) {
    for (const item of Array.isArray(v) ? v : [v]) parts.push(`${encode(k)}=${encode(text(item))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Ids that exist in the demo data, by the field names that carry them, so that handlers get past lookups. */
export async function knownIds(t: TestApp): Promise<Record<string, unknown[]>> {
  const pick = async <T>(rows: Promise<{ id: T }[]>) => (await rows).map((r) => r.id);
  const [q, repos, tagIds, kps, schemeIds, trainingIds, commentIds, fileIds, agencyIds, trainRepoIds] =
    await Promise.all([
      pick(t.db.select({ id: questions.id }).from(questions).limit(6)),
      pick(t.db.select({ id: questionRepos.id }).from(questionRepos).limit(4)),
      pick(t.db.select({ id: tags.id }).from(tags).limit(4)),
      pick(t.db.select({ id: knowledgePoints.code }).from(knowledgePoints).limit(6)),
      pick(t.db.select({ id: schemes.id }).from(schemes).limit(4)),
      pick(t.db.select({ id: trainings.id }).from(trainings).limit(4)),
      pick(t.db.select({ id: trainingComments.id }).from(trainingComments).limit(2)),
      pick(t.db.select({ id: files.id }).from(files).limit(2)),
      pick(t.db.select({ id: agencies.id }).from(agencies).limit(2)),
      pick(t.db.select({ id: trainRepos.id }).from(trainRepos).limit(4)),
    ]);
  const asText = (xs: unknown[]) => xs.map(String);
  const all = [...q, ...repos, ...tagIds, ...schemeIds, ...trainingIds, ...commentIds, ...trainRepoIds];
  return {
    id: [...asText(all), ...kps, ...fileIds],
    agencyId: agencyIds,
    questionId: q,
    questionIds: [q],
    repoId: [...repos, ...trainRepoIds],
    repositoryId: repos,
    tagId: tagIds,
    schemeId: schemeIds,
    trainingId: trainingIds,
    parent: kps,
    knowledgePoints: [kps.slice(0, 2)],
    logo: fileIds,
  };
}

/**
 * One id of the demo agency's record named by each `:id`-style path segment (`/v1/users/student/:id` → the
 * demo student), so that a call reaches its handler's work rather than its lookup.
 */
export async function recordIdsBySegment(t: TestApp): Promise<Record<string, string>> {
  const people = await t.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['student', 'teacher', 'parent', 'tutor']));
  const byName = Object.fromEntries(people.map((p) => [p.username, String(p.id)]));
  const [cls] = await t.db.select({ id: classes.id }).from(classes).where(eq(classes.agencyId, 'demo')).limit(1);
  const [task] = await t.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.agencyId, 'demo')).limit(1);
  const [training] = await t.db.select({ id: trainings.id }).from(trainings).limit(1);
  return {
    student: byName.student,
    teacher: byName.teacher,
    parent: byName.parent,
    'homework-teacher': byName.tutor,
    ...(cls ? { class: String(cls.id) } : {}),
    ...(task ? { task: String(task.id) } : {}),
    ...(training ? { train: String(training.id), report: String(training.id) } : {}),
  };
}

/** The demo accounts the fuzz tests call as, by username. */
export type FuzzAccount = 'admin' | 'agency' | 'teacher' | 'student' | 'parent' | 'tutor';

export interface FuzzWorld {
  t: TestApp;
  tokens: Partial<Record<FuzzAccount, string>>;
  hints: Record<string, unknown[]>;
}

/**
 * A fresh app with the given accounts logged in once (admin, agency and student among them), and a switched-on scheme with a running training of
 * the demo student, so that training and comment routes find something.
 */
export async function fuzzWorld(accounts: readonly FuzzAccount[]): Promise<FuzzWorld> {
  const t = await createTestApp();
  const tokens: FuzzWorld['tokens'] = {};
  for (const a of accounts) tokens[a] = await t.login(a);
  const [admin, agency, student] = [tokens.admin, tokens.agency, tokens.student];
  if (!admin || !agency || !student) throw new Error('fuzzWorld: admin, agency and student are needed');
  const call = schemeCalls(() => t);
  const scheme = expectOk(
    await call<Scheme>('PUT', '/v1/train/scheme', agency, generalScheme(await createTestBank(t, admin, agency))),
  );
  expectOk(await call('POST', `/v1/train/scheme/${scheme.schemeId}/on`, agency));
  expectOk(await call('PUT', `/v1/train/scheme/${scheme.schemeId}/start`, student));
  return { t, tokens, hints: await knownIds(t) };
}
