// class/{classId}/stats's knowledge graph section (docs/knowledge-graph.md "Teachers and parents"): the items most
// members are stuck on listed with their counts, the stacked chart per item, and the empty state.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { ClassGraphs, ClassStats, GraphItemStats } from '@edu/contract';
import { MASTERY_LEVELS } from '@edu/contract';
import { loginInfo } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';
import { group } from '../../../components/knowledge-graph/graph-test-kit';
import { cls } from './class-test-kit';

const TEACHER = ['edu:agency:demo:teacher'];
const STATS: ClassStats = {
  class: cls({ memberCount: 3, canManage: false }),
  mastery: [],
  schemes: [],
  tasks: [],
};
const item = (id: string, name: string, counts: number[], stuck: number): GraphItemStats => ({
  itemId: id,
  knowledgeCode: `en.t${id}`,
  knowledgeName: name,
  levels: MASTERY_LEVELS.map((level, i) => ({ level, count: counts[i] })),
  students: counts.slice(1).reduce((a, b) => a + b, 0),
  stuck,
});
const AGGREGATE: ClassGraphs = {
  members: 3,
  graphs: [
    {
      group,
      items: [item('1', '一般现在时', [0, 0, 0, 1, 2], 0), item('2', '一般过去时', [1, 2, 0, 0, 0], 2)],
      stuckItems: ['2'],
    },
  ],
};

beforeAll(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

describe('class/{classId}/stats: the knowledge graph', () => {
  it('lists the most stuck items and charts each item’s levels', async () => {
    const s = await makeSession(loginInfo(TEACHER), {
      'GET /v1/class/5/stats': STATS,
      'GET /v1/class/5/knowledgegraph/stats': AGGREGATE,
    });
    renderApp(s.session, ['/admin/class/5/stats']);
    expect(await screen.findByText('2 / 2 人卡住', {}, { timeout: 15_000 })).toBeTruthy();
    const stuck = document.querySelector('.class-graph-stuck')!;
    expect(stuck.textContent).toContain('一般过去时');
    expect(stuck.textContent).not.toContain('一般现在时');
    expect(screen.getByText(/按本班 3 名学生统计/)).toBeTruthy();
    expect(document.querySelector('[aria-label="知识图谱「初中英语时态」各知识点的掌握分布"]')).toBeTruthy();
  });

  it('says when no graph matches the class', async () => {
    const s = await makeSession(loginInfo(TEACHER), {
      'GET /v1/class/5/stats': STATS,
      'GET /v1/class/5/knowledgegraph/stats': { members: 3, graphs: [] },
    });
    renderApp(s.session, ['/admin/class/5/stats']);
    expect(
      await screen.findByText('没有匹配的知识图谱（按班级的年级、学科匹配）', {}, { timeout: 15_000 }),
    ).toBeTruthy();
  });
});
