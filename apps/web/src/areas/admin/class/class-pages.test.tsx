// The class pages (docs/classes.md) against a fake API: the list for an agency admin (paging, create, archive after
// a confirmation, members added and removed in the drawer) and for a teacher (read-only), the student, scores,
// stats and today pages, their error state, and the teacher's 学生统计 link.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ClassStats, ClassStudentInfo, ClassTaskFigures, ClassToday } from '@edu/contract';
import { envelope } from '../../../test/fake-api';
import { loginInfo } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';
import { cls } from './class-test-kit';
import { StudentStatsLink } from './StudentStatsLink';

const ADMIN = ['edu:agency:demo:admin'];
const TEACHER = ['edu:agency:demo:teacher'];

const dialog = (selector = '.ant-modal') =>
  waitFor(() => {
    const all = [...document.querySelectorAll<HTMLElement>(selector)].filter(
      (d) => !d.closest('[style*="display: none"]'),
    );
    const d = all.at(-1);
    if (!d) throw new Error('no dialog');
    return d;
  });
const button = (root: HTMLElement, text: RegExp | string) =>
  within(root)
    .getAllByText(text)
    .map((e) => e.closest('button'))
    .find(Boolean) as HTMLElement;

describe('class lists', () => {
  it('an agency admin pages, creates, and archives only after confirming', async () => {
    const { calls } = await makeSession(loginInfo(ADMIN), {
      'GET /v1/class/list': { total: 45, list: [cls()] },
      'PUT /v1/class': cls({ id: '6', name: '新班' }),
      'POST /v1/class/5/archive': cls({ archived: true }),
      'GET /v1/general/data/grades': [{ id: 'g7', name: '初一', sort: 7 }],
      'GET /v1/general/data/subjects': [{ id: 'en', name: '英语', sort: 3 }],
    }).then(({ session, calls }) => {
      renderApp(session, ['/admin/class/ordinary/list']);
      return { calls };
    });
    // The first test loads the page's lazy chunk: a loaded machine takes seconds.
    expect(await screen.findByText('初一（1）班', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('共 45 个班级')).toBeTruthy();
    expect(calls.find((c) => c.path === '/v1/class/list')?.url).toBe(
      '/v1/class/list?kind=ordinary&archived=false&start=0&size=20',
    );
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/v1/class/list?kind=ordinary&archived=false&start=20&size=20'));

    fireEvent.click(button(document.body, '归档'));
    const confirm = await dialog('.ant-modal-confirm');
    expect(within(confirm).getAllByText('归档班级「初一（1）班」？').length).toBeGreaterThan(0);
    expect(calls.some((c) => c.path === '/v1/class/5/archive')).toBe(false);
    fireEvent.click(button(confirm, '归档'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/class/5/archive')).toBe(true));

    fireEvent.click(button(screen.getByRole('table').closest('.ant-card')!, '新建班级'));
    const form = screen.getByLabelText('名称').closest<HTMLElement>('.ant-modal')!;
    fireEvent.click(button(form, '保存'));
    expect(await within(form).findByText('请输入班级名称')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('名称'), { target: { value: ' 新班 ' } });
    fireEvent.click(button(form, '保存'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/v1/class')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      request: { kind: 'ordinary', name: '新班', gradeId: null, subjectId: null, description: '' },
    });
  });

  it('a teacher reads: no create, edit or archive; the event list asks for event classes', async () => {
    const { session, calls } = await makeSession(loginInfo(TEACHER), {
      'GET /v1/class/list': { total: 1, list: [cls({ kind: 'event', name: '英语提高班', canManage: false })] },
    });
    renderApp(session, ['/admin/class/event/list']);
    expect(await screen.findByText('英语提高班')).toBeTruthy();
    expect(calls.find((c) => c.path === '/v1/class/list')?.url).toContain('kind=event');
    expect(screen.getByText('只读：只有机构管理员可以修改班级')).toBeTruthy();
    const buttons = screen.getAllByRole('button').map((b) => b.textContent ?? '');
    expect(buttons.filter((b) => /新建|归档|编辑/.test(b))).toEqual([]);
    expect(screen.getByText('统计').closest('a')?.getAttribute('href')).toBe('/admin/class/5/stats');
    expect(screen.getByText('今日').closest('a')?.getAttribute('href')).toBe('/admin/class/todaywork/5');
    const tasks = screen.getAllByText('任务').map((e) => e.closest('a')?.getAttribute('href'));
    expect(tasks).toContain('/admin/class/5/tasks');
  });

  it('the drawer adds picked students and removes one after confirming', async () => {
    const { session, calls } = await makeSession(loginInfo(ADMIN), {
      'GET /v1/class/list': { total: 1, list: [cls()] },
      'GET /v1/class/5/members': {
        total: 1,
        list: [{ id: '11', username: 'student', name: '李小明', joinTime: Date.UTC(2026, 0, 1) }],
      },
      'GET /v1/class/5/teachers': [{ id: '3', username: 'teacher', name: '张老师' }],
      'GET /v1/class/5/candidates': {
        total: 2,
        list: [
          { id: '11', username: 'student', name: '李小明', inClass: true },
          { id: '12', username: 'xiaohong', name: '王小红', inClass: false },
        ],
      },
      'POST /v1/class/5/members/add': { changed: 1 },
      'POST /v1/class/5/members/remove': { changed: 1 },
    });
    renderApp(session, ['/admin/class/ordinary/list']);
    await screen.findByText('初一（1）班');
    fireEvent.click(button(screen.getByRole('table'), '成员'));
    const drawer = (await screen.findByText('成员：初一（1）班')).closest<HTMLElement>('.ant-drawer')!;
    const member = await within(drawer).findByText('李小明');
    expect(member.closest('a')?.getAttribute('href')).toBe('/admin/class/studentInfo/11');
    expect(within(drawer).getByText('成绩').closest('a')?.getAttribute('href')).toBe('/admin/class/sroce/11/5');

    fireEvent.click(button(drawer, '添加学生'));
    const picker = await dialog();
    await within(picker).findByText('王小红');
    expect(within(picker).getByLabelText<HTMLInputElement>('李小明').disabled).toBe(true);
    fireEvent.click(within(picker).getByLabelText('王小红'));
    fireEvent.click(button(picker, '添加'));
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/class/5/members/add')).toBe(true));
    expect(calls.find((c) => c.path === '/v1/class/5/members/add')?.body).toEqual({ request: { userIds: ['12'] } });

    fireEvent.click(button(drawer, '移出'));
    const confirm = await dialog('.ant-modal-confirm');
    expect(calls.some((c) => c.path === '/v1/class/5/members/remove')).toBe(false);
    fireEvent.click(button(confirm, '移出'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/v1/class/5/members/remove')?.body).toEqual({
        request: { userIds: ['11'] },
      }),
    );
  });
});

const INFO: ClassStudentInfo = {
  student: { id: '11', username: 'student', name: '李小明' },
  classes: [{ id: '5', name: '初一（1）班', kind: 'ordinary' }],
  trainings: [
    {
      trainId: '301',
      schemeId: '7',
      title: '单元练习',
      type: 'general',
      status: 'finished',
      answered: 10,
      correct: 9,
      score: 9,
      maxScore: 10,
      startTime: Date.UTC(2026, 0, 5, 1),
      endTime: Date.UTC(2026, 0, 5, 2),
    },
  ],
  trainingTotal: 1,
  mastery: [
    {
      code: 'en',
      parentCode: null,
      name: '英语',
      lv: 'subject',
      sort: 1,
      level: 'familiar',
      masteredBy: null,
      windowAnswers: 3,
      windowCorrect: 3,
      totalAnswers: 3,
      lastAnswerTime: 0,
    },
  ],
};

const TASK: ClassTaskFigures = {
  taskId: '40',
  title: '周一作业',
  startAt: Date.UTC(2026, 0, 4),
  deadline: Date.UTC(2026, 0, 5, 12),
  homework: true,
  assigned: 3,
  started: 2,
  finished: 1,
  averagePercent: 80,
  notFinished: [],
};

describe('class reads', () => {
  it("student info: classes, trainings linking to the report, mastery; a 404 shows the server's message", async () => {
    const { session } = await makeSession(loginInfo(TEACHER), {
      'GET /v1/class/student/11': INFO,
      'GET /v1/class/student/12': () => ({ status: 404, json: envelope(null, 404, '学生不存在') }),
    });
    renderApp(session, ['/admin/class/studentInfo/11']);
    expect(await screen.findByText('李小明 · 学生信息')).toBeTruthy();
    expect(screen.getByText('在「初一（1）班」的成绩').closest('a')?.getAttribute('href')).toBe(
      '/admin/class/sroce/11/5',
    );
    expect(screen.getByText('报告').closest('a')?.getAttribute('href')).toBe('/admin/train/report/301');
    expect(screen.getByText('熟悉')).toBeTruthy();
    const { session: s2 } = await makeSession(loginInfo(TEACHER), {
      'GET /v1/class/student/12': () => ({ status: 404, json: envelope(null, 404, '学生不存在') }),
    });
    renderApp(s2, ['/admin/class/studentInfo/12']);
    expect(await screen.findByText('学生不存在')).toBeTruthy();
  });

  it("today's work counts done, running and not started members", async () => {
    const today: ClassToday = {
      class: { id: '5', name: '初一（1）班', kind: 'ordinary' },
      day: Date.UTC(2026, 0, 4, 16),
      members: [
        { id: '11', username: 'a', name: '甲', trainings: 1, finished: 1, answered: 5, correct: 4, lastActive: 0 },
        { id: '12', username: 'b', name: '乙', trainings: 1, finished: 0, answered: 2, correct: 1, lastActive: 0 },
        { id: '13', username: 'c', name: '丙', trainings: 0, finished: 0, answered: 0, correct: 0, lastActive: null },
      ],
      schemes: [{ schemeId: '7', title: '单元练习', students: 2, finished: 1 }],
      tasks: [{ ...TASK, notFinished: ['乙', '丙'] }],
    };
    const { session } = await makeSession(loginInfo(TEACHER), { 'GET /v1/class/5/today': today });
    renderApp(session, ['/admin/class/todaywork/5']);
    expect(await screen.findByText('已完成 1 人，进行中 1 人，未开始 1 人')).toBeTruthy();
    expect(screen.getByText('今天（中国标准时间 2026-01-05）')).toBeTruthy();
    expect(screen.getByText('单元练习')).toBeTruthy();
    expect(screen.getByText('周一作业')).toBeTruthy();
    expect(screen.getByText('1/3 人完成')).toBeTruthy();
    expect(screen.getByText('乙、丙')).toBeTruthy();
    // Clock times in China Standard Time whatever the zone the tests run in (12:00 UTC is 20:00 CST).
    expect(screen.getByText('20:00')).toBeTruthy();
  });

  it('stats draws the scheme and mastery charts, or says there is nothing yet', async () => {
    const stats: ClassStats = {
      class: cls(),
      mastery: [
        {
          code: 'en.g7.c1',
          name: '词汇',
          lv: 'chapter',
          counts: { none: 1, attempted: 0, familiar: 1, proficient: 0, mastered: 0 },
        },
      ],
      schemes: [{ schemeId: '7', title: '单元练习', started: 2, finished: 2, averagePercent: 66.7 }],
      tasks: [TASK],
    };
    const { session } = await makeSession(loginInfo(TEACHER), {
      'GET /v1/class/5/stats': stats,
      'GET /v1/class/6/stats': { ...stats, mastery: [], schemes: [], tasks: [] },
    });
    renderApp(session, ['/admin/class/5/stats']);
    expect(await screen.findByText('初一（1）班 · 班级统计')).toBeTruthy();
    expect(screen.getByRole('img', { name: '各方案完成与得分' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '知识点掌握分布（人数）' })).toBeTruthy();
    expect(screen.getByText('66.7')).toBeTruthy();
    expect(screen.getByRole('img', { name: '各任务完成人数与平均得分率' })).toBeTruthy();
    expect(screen.getAllByText('周一作业').length).toBeGreaterThan(0);
    expect(screen.getByText('2026-01-05 20:00')).toBeTruthy();
    expect(screen.queryByText(/班级还没有任务/)).toBeNull();
    const { session: s2 } = await makeSession(loginInfo(TEACHER), {
      'GET /v1/class/6/stats': { ...stats, mastery: [], schemes: [], tasks: [] },
    });
    renderApp(s2, ['/admin/class/6/stats']);
    expect(await screen.findByText('成员还没有训练')).toBeTruthy();
    expect(screen.getByText('成员还没有作答记录')).toBeTruthy();
    expect(screen.getByText(/班级还没有任务/)).toBeTruthy();
  });
});

describe('学生统计 links', () => {
  it('lead a teacher or a train admin to class/studentInfo and an admin to user/student/{id}/stats; nobody else gets one', async () => {
    const { render } = await import('@testing-library/react');
    const { MemoryRouter } = await import('react-router');
    const { SessionContext } = await import('../../../app/session-context');
    const hrefFor = async (roles: string[]) => {
      const { session } = await makeSession(loginInfo(roles));
      const r = render(
        <SessionContext.Provider value={session}>
          <MemoryRouter>
            <StudentStatsLink userId="11">学生统计</StudentStatsLink>
          </MemoryRouter>
        </SessionContext.Provider>,
      );
      const href = r.queryByText('学生统计')?.closest('a')?.getAttribute('href') ?? null;
      r.unmount();
      return href;
    };
    expect(await hrefFor(TEACHER)).toBe('/admin/class/studentInfo/11');
    expect(await hrefFor(ADMIN)).toBe('/admin/user/student/11/stats');
    expect(await hrefFor(['edu:agency:demo:train:admin'])).toBe('/admin/class/studentInfo/11');
    expect(await hrefFor(['edu:agency:demo:question:admin'])).toBeNull();
  });
});
