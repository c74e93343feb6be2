// The class gradebook page (docs/gradebook.md) against a fake API: the loading state, cells that say where each
// student stands (no score shows as 未开始 or --, never 0), a weight saved on blur and the book read again, paging
// and search, the export call, the empty and error states, an archived class read-only, and who gets the link.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Gradebook, GradebookCell, GradebookTask } from '@edu/contract';
import { envelope } from '../../../../test/fake-api';
import { loginInfo } from '../../../../test/fixtures';
import { makeSession, renderApp } from '../../../../test/render';
import { cls } from '../class-test-kit';

const ADMIN = ['edu:agency:demo:admin'];
const PATH = '/admin/class/5/gradebook';
const ROUTE = 'GET /v1/class/5/gradebook';

const task = (over: Partial<GradebookTask>): GradebookTask => ({
  taskId: '11',
  title: '第一单元',
  startTime: Date.UTC(2026, 0, 5),
  deadline: Date.UTC(2026, 0, 6, 8),
  homework: true,
  weight: 1,
  done: 1,
  averagePercent: 100,
  ...over,
});
const none = { trainId: null, score: null, maxScore: null, percent: null, late: false };
const cell = (over: Partial<GradebookCell>): GradebookCell => ({ progress: 'not_started', ...none, ...over });

const book = (over: Partial<Gradebook> = {}): Gradebook => ({
  class: { id: '5', name: '初一（1）班', kind: 'ordinary', archived: false },
  tasks: [
    task({}),
    task({ taskId: '12', title: '第二单元', deadline: Date.UTC(2026, 0, 9, 8), done: 2, averagePercent: 75 }),
  ],
  taskTotal: 2,
  editable: true,
  total: 120,
  list: [
    {
      userId: '1',
      name: '李小明',
      username: 'student',
      cells: [
        cell({ progress: 'done', trainId: '900', score: 2, maxScore: 2, percent: 100 }),
        cell({ progress: 'done', trainId: '901', score: 1, maxScore: 2, percent: 50, late: true }),
      ],
      overall: 75,
    },
    {
      userId: '2',
      name: '王小红',
      username: 'hong',
      cells: [cell({}), cell({ progress: 'running', trainId: '902', maxScore: 2 })],
      overall: null,
    },
    {
      userId: '3',
      name: '赵新来',
      username: 'late',
      cells: [cell({ progress: 'not_assigned' }), cell({ progress: 'not_assigned' })],
      overall: null,
    },
  ],
  ...over,
});

const rowOf = (name: string) => screen.getByText(name).closest('tr')!;
// The column heads (antd's table also draws them, hidden, in a row that measures the columns).
const head = () => within(document.querySelector<HTMLElement>('.ant-table-thead')!);

describe('the gradebook page', () => {
  it('loads, then shows scores, 未开始 / 进行中 / 未布置 and the overall; never a 0 for no score', async () => {
    let release: (g: Gradebook) => void = () => {};
    const { session, calls } = await makeSession(loginInfo(ADMIN), {
      [ROUTE]: () => new Promise((done) => (release = (g) => done({ json: envelope(g) }))),
    });
    renderApp(session, [PATH]);
    // The page's chunk, then its read: a spinner until the book comes.
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/class/5/gradebook')).toBe(true), { timeout: 15_000 });
    expect(document.querySelector('[role="status"] .ant-spin')).not.toBeNull();
    expect(screen.queryByText('初一（1）班 · 成绩册')).toBeNull();
    release(book());
    expect(await screen.findByText('初一（1）班 · 成绩册')).toBeTruthy();
    expect(screen.getByText('共 120 名学生')).toBeTruthy();
    const done = rowOf('李小明');
    expect(within(done).getByText('2/2').closest('a')?.getAttribute('href')).toBe('/admin/train/report/900');
    expect(within(done).getByText('1/2')).toBeTruthy();
    expect(within(done).getByText('迟交')).toBeTruthy();
    expect(within(done).getByText('75%')).toBeTruthy();
    const idle = rowOf('王小红');
    expect(within(idle).getByText('未开始')).toBeTruthy();
    expect(within(idle).getByText('进行中')).toBeTruthy();
    expect(within(idle).getByText('--')).toBeTruthy();
    expect(within(idle).queryByText(/^0/)).toBeNull();
    expect(within(rowOf('赵新来')).getAllByText('未布置')).toHaveLength(2);
    // Each task's head: its dashboard, deadline (CST), weight and how the class did.
    expect(head().getByText('第一单元').closest('a')?.getAttribute('href')).toBe('/admin/task/11/dashboard');
    expect(head().getByText('截止 2026-01-06 16:00')).toBeTruthy();
    expect(head().getByText('完成 2 人 · 平均 75%')).toBeTruthy();
  });

  it('saves a weight when the box loses focus, and reads the book again', async () => {
    let reads = 0;
    const { session, calls } = await makeSession(loginInfo(ADMIN), {
      [ROUTE]: () => {
        reads += 1;
        return { json: envelope(book(reads > 1 ? { tasks: [task({ weight: 3 }), book().tasks[1]] } : {})) };
      },
      'POST /v1/task/11/weight': { taskId: '11', weight: 3 },
    });
    renderApp(session, [PATH]);
    await screen.findByText('李小明', {}, { timeout: 15_000 });
    const box = head().getByLabelText<HTMLInputElement>('「第一单元」的权重');
    expect(box.value).toBe('1.0');
    fireEvent.change(box, { target: { value: '3' } });
    // Nothing is sent while typing.
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.blur(box);
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ request: { weight: 3 } }));
    expect(calls.find((c) => c.method === 'POST')?.path).toBe('/v1/task/11/weight');
    await waitFor(() => expect(reads).toBe(2));
    expect(await screen.findByText('权重已保存')).toBeTruthy();
    expect(head().getByLabelText<HTMLInputElement>('「第一单元」的权重').value).toBe('3.0');
    // Blurring an unchanged box sends nothing more.
    fireEvent.blur(head().getByLabelText('「第二单元」的权重'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('pages and searches the students, and asks for the export', async () => {
    const { session, calls } = await makeSession(loginInfo(ADMIN), { [ROUTE]: book() });
    renderApp(session, [PATH]);
    expect(await screen.findByText('李小明', {}, { timeout: 15_000 })).toBeTruthy();
    expect(calls.find((c) => c.path === '/v1/class/5/gradebook')?.url).toBe('/v1/class/5/gradebook?start=0&size=50');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/v1/class/5/gradebook?start=50&size=50'));
    const search = screen.getByPlaceholderText('搜索姓名或用户名');
    fireEvent.change(search, { target: { value: ' 小明 ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(calls.at(-1)?.url).toBe(`/v1/class/5/gradebook?keyword=${encodeURIComponent('小明')}&start=0&size=50`),
    );
    fireEvent.click(screen.getByRole('button', { name: /导出 Excel/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/class/5/gradebook/export')).toBe(true));
  });

  it('says when the class has no task or no student, and offers 布置任务', async () => {
    const { session } = await makeSession(loginInfo(ADMIN), { [ROUTE]: book({ tasks: [], taskTotal: 0 }) });
    const view = renderApp(session, [PATH]);
    expect(await screen.findByText('班级还没有布置任务', {}, { timeout: 15_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /布置任务/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/task/create'));
    view.unmount();

    const empty = await makeSession(loginInfo(ADMIN), { [ROUTE]: book({ total: 0, list: [] }) });
    renderApp(empty.session, [PATH]);
    expect(await screen.findByText('班级还没有学生')).toBeTruthy();
    expect(screen.getByRole('button', { name: /导出 Excel/ }).hasAttribute('disabled')).toBe(true);
  });

  it('an archived class reads only; a class not readable shows the error', async () => {
    const { session } = await makeSession(loginInfo(ADMIN), {
      [ROUTE]: book({ class: { ...book().class, archived: true }, editable: false }),
    });
    const view = renderApp(session, [PATH]);
    expect(await screen.findByText('班级已归档，权重只读', {}, { timeout: 15_000 })).toBeTruthy();
    expect(head().getByLabelText('「第一单元」的权重').hasAttribute('disabled')).toBe(true);
    view.unmount();

    const gone = await makeSession(loginInfo(ADMIN), {
      [ROUTE]: () => ({ status: 404, json: envelope(null, 404, '班级不存在') }),
    });
    renderApp(gone.session, [PATH]);
    expect(await screen.findByText('成绩册加载失败')).toBeTruthy();
  });
});

describe('the way to the gradebook', () => {
  it('the class list links it for a teacher, not for a train admin (who would get 404)', async () => {
    const list = { 'GET /v1/class/list': { total: 1, list: [cls({ canManage: false })] } };
    const teacher = await makeSession(loginInfo(['edu:agency:demo:teacher']), list);
    const view = renderApp(teacher.session, ['/admin/class/ordinary/list']);
    expect((await screen.findByText('成绩册', {}, { timeout: 15_000 })).closest('a')?.getAttribute('href')).toBe(PATH);
    view.unmount();

    const trainAdmin = await makeSession(loginInfo(['edu:agency:demo:train:admin']), list);
    renderApp(trainAdmin.session, ['/admin/class/ordinary/list']);
    expect(await screen.findByText('初一（1）班')).toBeTruthy();
    expect(screen.queryByText('成绩册')).toBeNull();
  });
});
