// A student's graph read-only on the pages of those who follow the student (docs/knowledge-graph.md "Teachers and
// parents"): the teacher's class/studentInfo, the agency admin's user/student/{id}/stats and the parent's child
// page — the same list and canvas as the student's, with no 去练习 anywhere, and the empty and error states.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { ClassStudentInfo, ParentChild } from '@edu/contract';
import { envelope } from '../../test/fake-api';
import { loginInfo } from '../../test/fixtures';
import { makeSession, renderApp } from '../../test/render';
import { STUDENT_STATS } from '../../test/train-stats';
import { GRAPH, graphTestSetup } from './graph-test-kit';

const INFO: ClassStudentInfo = {
  student: { id: '11', username: 'student', name: '李小明' },
  classes: [],
  trainings: [],
  trainingTotal: 0,
  mastery: [],
};
const KIDS: ParentChild[] = [
  { id: '11', username: 'student', name: '李小明', agencies: [{ id: 'demo', name: '演示' }] },
];

beforeAll(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
const { phone } = graphTestSetup();

const listed = () => screen.findByText('可以学习 1 个', {}, { timeout: 15_000 });
const noPractice = () => expect(document.querySelector('button[aria-label^="去练习"]')).toBeNull();

describe('a student’s graph for the people who follow them', () => {
  it('class/studentInfo: the teacher reads the list on a phone, without 去练习', async () => {
    phone();
    const s = await makeSession(loginInfo(['edu:agency:demo:teacher']), {
      'GET /v1/class/student/11': INFO,
      'GET /v1/class/student/11/knowledgegraph': { graphs: [GRAPH] },
    });
    renderApp(s.session, ['/admin/class/studentInfo/11']);
    expect((await listed()).tagName).toBe('H4');
    expect(screen.getByText('初中英语时态')).toBeTruthy();
    expect(screen.getAllByText('先掌握：一般过去时')).toHaveLength(2);
    noPractice();
    expect(document.querySelector('.react-flow')).toBeNull();
  });

  it('user/student/{id}/stats: the agency admin sees the canvas on a wide screen', async () => {
    const s = await makeSession(loginInfo(['edu:agency:demo:admin']), {
      'GET /v1/train/student/11/stats': STUDENT_STATS,
      'GET /v1/train/student/11/knowledgegraph': { graphs: [GRAPH] },
    });
    const { container } = renderApp(s.session, ['/admin/user/student/11/stats']);
    await waitFor(() => expect(container.querySelector('.graph-node-ready')?.textContent).toBe('一般过去时'), {
      timeout: 15_000,
    });
    expect(screen.getByText('点击一个知识点查看详情。')).toBeTruthy();
    noPractice();
  });

  it('the parent’s child page shows the child’s graph, or says when none matches', async () => {
    phone();
    const s = await makeSession(loginInfo(['edu:parent'], ['demo']), {
      'GET /v1/parent/children': KIDS,
      'GET /v1/parent/child/11/history': { total: 0, list: [] },
      'GET /v1/parent/child/11/knowledgegraph': { graphs: [GRAPH] },
    });
    renderApp(s.session, ['/parent']);
    await listed();
    noPractice();
    const empty = await makeSession(loginInfo(['edu:parent'], ['demo']), {
      'GET /v1/parent/children': KIDS,
      'GET /v1/parent/child/11/history': { total: 0, list: [] },
      'GET /v1/parent/child/11/knowledgegraph': { graphs: [] },
    });
    renderApp(empty.session, ['/parent']);
    expect(
      await screen.findByText('没有匹配的知识图谱（按学生的年级和学科匹配）', {}, { timeout: 15_000 }),
    ).toBeTruthy();
  });

  it('says when the graph could not be read', async () => {
    const s = await makeSession(loginInfo(['edu:agency:demo:teacher']), {
      'GET /v1/class/student/11': INFO,
      'GET /v1/class/student/11/knowledgegraph': () => ({ status: 500, json: envelope(null, 500, '服务器内部错误') }),
    });
    renderApp(s.session, ['/admin/class/studentInfo/11']);
    expect(await screen.findByText('知识图谱加载失败', {}, { timeout: 15_000 })).toBeTruthy();
  });
});
