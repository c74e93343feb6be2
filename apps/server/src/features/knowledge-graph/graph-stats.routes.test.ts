// The graph stats counted in the database (docs/knowledge-graph.md "Stats"): on answers that reach every rule of
// mastery-levels.ts (the window, proficient on two China Standard Time days, a paper all right and a wrong answer
// after it, an item over a subtree), the SQL counts equal the levels masteryByPoint computes per student, across
// agencies for a graph admin in no agency and in one agency when acting in it, counts only.
import { GraphStats, MASTERY_LEVELS, type GraphStats as GS } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';
import { masteryByPoint } from '../mastery/mastery-levels.js';
import { T0, graphFixture, type KpKey } from './graph-test-fixture.js';
import { KnowledgeGraphRepository } from './knowledge-graph.repository.js';

const DAY = 86_400_000;
/** 23:50 China Standard Time: five answers before midnight there, five after. */
const LATE = Date.UTC(2026, 0, 2, 15, 50);

let t: TestApp;
let graphAdmin: string;
let f: Awaited<ReturnType<typeof graphFixture>>;
let graph: Awaited<ReturnType<Awaited<ReturnType<typeof graphFixture>>['graph']>>;
let chapterItemId: string;
const students: { agencyId: string; userId: number }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await addUser(t, 'statsgrapher', '统计图谱管理员', ['edu:knowledgraph:admin']);
  graphAdmin = await t.login('statsgrapher');
  f = await graphFixture(t, graphAdmin, '统计章');
  // A → B → C, A → D; E alone; the chapter above them all.
  graph = await f.graph('统计测试', [
    ['A', 'B'],
    ['B', 'C'],
    ['A', 'D'],
  ]);
  const [chapterItem] = expectOk(
    await f.call<{ id: string }[]>('PUT', `/v1/knowledgraph/group/${graph.group.id}/items`, graphAdmin, {
      knowledgeCodes: [f.chapter],
    }),
  );
  chapterItemId = chapterItem.id;
  const student = async (name: string, agencies: string[]) => {
    const userId = await addUser(
      t,
      `stats-${name}`,
      `统计学生${name}`,
      agencies.map((a) => `edu:agency:${a}:student`),
    );
    for (const agencyId of agencies) students.push({ agencyId, userId });
    return userId;
  };
  const answers: [number, KpKey, string, { agencyId?: string; paper?: boolean; at?: number }][] = [];
  const s1 = await student('1', ['demo']);
  answers.push([s1, 'A', '11111', {}], [s1, 'A', '11111', { at: T0 + DAY }], [s1, 'B', '1', {}]);
  const s2 = await student('2', ['demo']);
  answers.push([s2, 'A', '1111111111', {}], [s2, 'B', '111', {}], [s2, 'D', '10', {}]);
  const s3 = await student('3', ['demo']);
  answers.push([s3, 'A', '11', { paper: true }], [s3, 'A', '0', { at: T0 + DAY }], [s3, 'E', '11', { paper: true }]);
  const s4 = await student('4', ['demo']);
  answers.push([s4, 'C', '1111111111', {}], [s4, 'C', '0000', { at: T0 + DAY }], [s4, 'B', '0110111', {}]);
  await student('5', ['demo']);
  const s6 = await student('6', ['demo']);
  answers.push([s6, 'A', '11111', { at: LATE }], [s6, 'A', '11111', { at: LATE + 15 * 60_000 }]);
  const s7 = await student('7', ['demo']);
  answers.push([s7, 'A', '11111', { at: LATE - 10 * 60_000 }], [s7, 'A', '11111', { at: LATE - 4 * 60_000 }]);
  const both = await student('8', ['demo', 'other']);
  answers.push([both, 'A', '11', { paper: true }], [both, 'A', '0', { agencyId: 'other' }]);
  answers.push([both, 'B', '11111', { agencyId: 'other' }], [both, 'B', '11111', { agencyId: 'other', at: T0 + DAY }]);
  const o1 = await student('9', ['other']);
  answers.push([o1, 'B', '00000', { agencyId: 'other' }], [o1, 'C', '1', { agencyId: 'other' }]);
  for (const [userId, kp, flags, o] of answers) await f.answer(f.kps[kp], flags, { userId, ...o });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** The stats as the student-side code computes them, student by student in the process. */
async function expected(agencyId: string | null) {
  const repo = new KnowledgeGraphRepository(t.db);
  const codes = [...Object.values(graph.item).map((i) => i.knowledgeCode), f.chapter];
  const byCode = new Map(codes.map((c) => [c, new Map<string, number>()]));
  for (const s of students.filter((x) => agencyId === null || x.agencyId === agencyId)) {
    const levels = masteryByPoint(await repo.answersOf(['en'], s.agencyId, s.userId));
    for (const code of codes) {
      const level = levels.get(code)?.level;
      if (level) byCode.get(code)!.set(level, (byCode.get(code)!.get(level) ?? 0) + 1);
    }
  }
  return byCode;
}

/** In no agency as the graph admin; in one as the platform admin, who may act in every agency. */
const statsOf = async (agency?: string) =>
  GraphStats.parse(
    expectOk(
      await f.call<GS>(
        'GET',
        `/v1/knowledgraph/group/${graph.group.id}/stats`,
        agency ? f.platformAdmin : graphAdmin,
        undefined,
        { agency },
      ),
    ),
  );

describe('stats counted in the database', () => {
  it('equal the levels mastery-levels.ts gives each student, across every agency', async () => {
    const stats = await statsOf();
    expect(stats.scope).toBe('platform');
    const want = await expected(null);
    for (const item of stats.items) {
      const counts = want.get(item.knowledgeCode)!;
      expect(item.levels, item.knowledgeName).toEqual(
        MASTERY_LEVELS.map((level) => ({ level, count: counts.get(level) ?? 0 })),
      );
      expect(item.students).toBe([...counts.values()].reduce((a, b) => a + b, 0));
    }
    const of = (key: KpKey) => stats.items.find((i) => i.itemId === graph.item[key].id)!;
    const count = (key: KpKey, level: string) => of(key).levels.find((l) => l.level === level)!.count;
    // A: s1 (two days), s6 (23:50 and 00:05 in China: two days), the paper of student 8 in demo → mastered;
    // s7's two runs fall on one day, s2 answered on one day → proficient; s3's wrong answer after the paper and
    // student 8 in other → attempted.
    expect(count('A', 'mastered')).toBe(3);
    expect(count('A', 'proficient')).toBe(2);
    expect(count('A', 'attempted')).toBe(2);
    // C: s4's last ten answers hold six right → attempted; stuck needs B mastered: only student 8 in other has it,
    // but never answered C there.
    expect(count('C', 'attempted')).toBe(2);
    expect(of('C').stuck).toBe(0);
    // B: s1 attempted and s2 familiar with A mastered or not; student 8 mastered B in other (two days).
    expect(count('B', 'mastered')).toBe(1);
    expect(of('B').stuck).toBe(1);
    // The chapter item counts every student with an answer under it, once per agency.
    expect(stats.items.find((i) => i.itemId === chapterItemId)!.students).toBe(9);
    // Counts only: no student's name, username or id.
    const text = JSON.stringify(stats);
    expect(text).not.toContain('统计学生');
    expect(text).not.toContain('stats-');
    for (const s of students) expect(text).not.toContain(`"${s.userId}"`);
  });

  it('narrow to the agency the viewer acts in', async () => {
    for (const agency of ['demo', 'other']) {
      const stats = await statsOf(agency);
      expect(stats.scope).toBe('agency');
      const want = await expected(agency);
      for (const item of stats.items)
        expect(item.levels).toEqual(
          MASTERY_LEVELS.map((level) => ({ level, count: want.get(item.knowledgeCode)!.get(level) ?? 0 })),
        );
    }
    const other = await statsOf('other');
    expect(other.items.find((i) => i.itemId === graph.item.A.id)!.students).toBe(1);
    expect(other.stuckItems).toContain(graph.item.A.id);
  });
});
