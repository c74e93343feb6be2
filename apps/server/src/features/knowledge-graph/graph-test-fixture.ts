// Test fixture of the knowledge graph API tests: a chapter of five knowledge points under en.g7 with one
// auto-judged question each, graphs over them, and answers written straight into answer_records (a finished paper
// when asked) so that levels come out as the test needs (docs/knowledge-graph.md "States and mastery").
import type { GraphEdge, GraphGroup, GraphItem } from '@edu/contract';
import { answerRecords, trainings } from '../../db/schema.js';
import { expectOk, type CallOptions, type TestApp } from '../../test/test-app.js';

export const T0 = Date.UTC(2026, 0, 2, 2, 0, 0);
export const KP_KEYS = ['A', 'B', 'C', 'D', 'E'] as const;
export type KpKey = (typeof KP_KEYS)[number];
type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

export interface AnswerOptions {
  userId: number;
  agencyId?: string;
  /** In one finished paper training (all right there = mastered). */
  paper?: boolean;
  /** When the first answer is given; the others follow a minute apart. */
  at?: number;
}

export async function graphFixture(t: TestApp, graphAdmin: string, chapterName: string) {
  const platformAdmin = await t.login('admin');
  const agencyAdmin = await t.login('agency');
  const kps = {} as Record<KpKey, string>;
  const kpName = {} as Record<KpKey, string>;
  const questionOf: Record<string, number> = {};
  let schemeNo = 9000;
  const call = <T>(method: Method, url: string, token: string, body?: unknown, o: CallOptions = {}) =>
    t.call<T>(method, url, { token, ...(body === undefined ? {} : { body: { request: body } }), ...o });
  const kpCreate = async (parent: string, name: string) =>
    expectOk(await call<{ code: string }>('PUT', '/v1/exam/question/knowledgepoint', platformAdmin, { parent, name }))
      .code;
  const chapter = await kpCreate('en.g7', chapterName);
  const repos = expectOk(
    await call<{ list: { id: string; owned: boolean }[] }>('GET', '/v1/exam/repositories', agencyAdmin, undefined, {
      agency: 'demo',
    }),
  );
  const repoId = repos.list.find((r) => r.owned)!.id;
  for (const key of KP_KEYS) {
    kpName[key] = `${chapterName}考点${key}`;
    kps[key] = await kpCreate(chapter, kpName[key]);
    const q = expectOk(
      await call<{ id: string }>(
        'PUT',
        '/v1/exam/question',
        agencyAdmin,
        {
          agencyId: 'demo',
          repoId,
          type: 'trueFalse',
          judgeType: 'auto',
          question: `<p>${chapterName} ${key}</p>`,
          knowledgeId: kps[key],
          answer: ['T'],
        },
        { agency: 'demo' },
      ),
    );
    questionOf[kps[key]] = Number(q.id);
  }

  async function paperTraining(agencyId: string, userId: number): Promise<number> {
    const [row] = await t.db
      .insert(trainings)
      .values({
        agencyId,
        schemeId: schemeNo++,
        userId,
        scheme: { title: '手工训练', type: 'paper' },
        seed: 1,
        status: 'finished',
        state: {},
        startedAt: new Date(T0),
      })
      .returning({ id: trainings.id });
    return row.id;
  }

  return {
    call,
    chapter,
    kps,
    kpName,
    questionOf,
    platformAdmin,
    agencyAdmin,
    /** Answers to the point's question: '1' right, '0' wrong. */
    async answer(kp: string, flags: string, o: AnswerOptions) {
      const agencyId = o.agencyId ?? 'demo';
      const trainingId = o.paper ? await paperTraining(agencyId, o.userId) : undefined;
      await t.db.insert(answerRecords).values(
        [...flags].map((f, i) => ({
          agencyId,
          questionId: questionOf[kp],
          version: 1,
          userId: o.userId,
          isCorrect: f === '1',
          score: f === '1' ? 1 : 0,
          createdAt: new Date((o.at ?? T0) + i * 60_000),
          ...(trainingId === undefined ? {} : { trainingId }),
        })),
      );
    },
    /** A group of the en subject (every grade) with the five points, and edges between them by key. */
    async graph(name: string, edges: [KpKey, KpKey][]): Promise<{ group: GraphGroup; item: Record<KpKey, GraphItem> }> {
      const group = expectOk(
        await call<GraphGroup>('PUT', '/v1/knowledgraph/group', graphAdmin, { name, subjectId: 'en' }),
      );
      const items = expectOk(
        await call<GraphItem[]>('PUT', `/v1/knowledgraph/group/${group.id}/items`, graphAdmin, {
          knowledgeCodes: KP_KEYS.map((k) => kps[k]),
        }),
      );
      const item = Object.fromEntries(
        KP_KEYS.map((k) => [k, items.find((i) => i.knowledgeCode === kps[k])!]),
      ) as Record<KpKey, GraphItem>;
      for (const [from, to] of edges)
        expectOk(
          await call<GraphEdge>('PUT', `/v1/knowledgraph/group/${group.id}/edges`, graphAdmin, {
            fromItemId: item[from].id,
            toItemId: item[to].id,
          }),
        );
      return { group, item };
    },
  };
}
