// The parent's pages over a fake API (docs/parents.md): the children's history with a switcher (cards on a phone),
// pairing by code and 解除绑定, the report with and without the answers (a running paper shows no results), and the
// login page's 忘记密码 and 家长注册.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ParentChild, TrainingReport } from '@edu/contract';
import { envelope, type RecordedCall } from '../../test/fake-api';
import { loginInfo } from '../../test/fixtures';
import { phoneWidth } from '../../test/phone-width';
import { makeSession, renderApp } from '../../test/render';
import { record, summary } from '../../test/trainings';

const PARENT = ['edu:parent'];
const DEMO = [{ id: 'demo', name: '演示机构' }];
const kid = (id: string, name: string, agencies = DEMO): ParentChild => ({ id, username: `u${id}`, name, agencies });
const KIDS = [kid('11', '李小明'), kid('12', '李小红')];
const location = () => screen.getByTestId('location').textContent;
const page = (list: unknown[]) => ({ total: list.length, list });

const REPORT: TrainingReport = {
  training: { ...summary({ trainId: 't1' }), student: '李小明', durationSeconds: 125 },
  records: [record({ title: '名词辨析' })],
  knowledgePoints: [{ code: 'en.g7.c1.k1', name: '名词复数', answered: 3, correct: 2 }],
};

beforeAll(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

describe('parent: the children and their history', () => {
  it("shows the first child's history, links each training to its reports, switches children", async () => {
    const s = await makeSession(loginInfo(PARENT, ['demo'], { name: '李家长' }), {
      'GET /v1/parent/children': KIDS,
      'GET /v1/parent/child/11/history': page([summary({ trainId: 't1' })]),
      'GET /v1/parent/child/12/history': page([
        summary({ trainId: 't9', title: '期中试卷', type: 'paper', status: 'running', endTime: null }),
      ]),
    });
    renderApp(s.session, ['/parent']);
    expect(await screen.findByText('李小明 的训练历史')).toBeTruthy();
    expect(await screen.findByText('名词专项')).toBeTruthy();
    const history = s.calls.find((c) => c.path === '/v1/parent/child/11/history')!;
    expect(history.url).toMatch(/start=0&size=20/);
    expect(history.headers['X-Agency-Id'] ?? history.headers['x-agency-id']).toBe('demo');
    const row = screen.getByText('名词专项').closest('tr') as HTMLElement;
    expect(within(row).getByText('查看报告').closest('a')?.getAttribute('href')).toBe('/parent/train/report/t1/11/1');
    expect(within(row).getByText('简要报告').closest('a')?.getAttribute('href')).toBe('/parent/train/report/t1/11/0');
    // The switcher opens the other child's history page.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '选择孩子' }));
    fireEvent.click(await screen.findByTitle('李小红'));
    await waitFor(() => expect(location()).toBe('/parent/history/12'));
    expect(await screen.findByText('李小红 的训练历史')).toBeTruthy();
    const paper = (await screen.findByText('期中试卷')).closest('tr') as HTMLElement;
    // A running paper shows no result yet.
    expect(within(paper).getAllByText(/^--/).length).toBeGreaterThanOrEqual(1);
  });

  it('a training with answers waiting for a teacher says so next to its score (issue 18)', async () => {
    const s = await makeSession(loginInfo(PARENT), {
      'GET /v1/parent/children': KIDS,
      'GET /v1/parent/child/11/history': page([
        summary({ trainId: 't1', pending: 2 }),
        summary({ trainId: 't2', title: '动词专项' }),
      ]),
    });
    renderApp(s.session, ['/parent']);
    const waiting = (await screen.findByText('名词专项')).closest('tr') as HTMLElement;
    expect(within(waiting).getByText('2 道题待批改').getAttribute('title')).toBe('2 道题待批改，得分将在批改后更新');
    const done = screen.getByText('动词专项').closest('tr') as HTMLElement;
    expect(within(done).queryByText(/待批改/)).toBeNull();
  });

  it('on a phone each training is a card: state, score, one 查看报告 button; a running paper shows no result', async () => {
    const restore = phoneWidth();
    try {
      const s = await makeSession(loginInfo(PARENT), {
        'GET /v1/parent/children': KIDS,
        'GET /v1/parent/child/11/history': page([
          summary({ trainId: 't1', pending: 1 }),
          summary({ trainId: 't9', title: '期中试卷', type: 'paper', status: 'running', endTime: null }),
        ]),
      });
      renderApp(s.session, ['/parent/history/11']);
      const card = (title: string) => screen.getByText(title).closest('.card-list-item') as HTMLElement;
      await screen.findByText('名词专项');
      expect(document.querySelector('.ant-table')).toBeNull();
      const ended = card('名词专项');
      expect(within(ended).getByText('已完成')).toBeTruthy();
      expect(within(ended).getByText('得分 2.5 / 4')).toBeTruthy();
      expect(within(ended).getByText('1 道题待批改')).toBeTruthy();
      expect(ended.textContent).toContain('答对 / 答题 3 / 4');
      const actions = ended.querySelectorAll('.card-list-action');
      expect([...actions].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
        ['查看报告', '/parent/train/report/t1/11/1'],
      ]);
      const paper = card('期中试卷');
      expect(within(paper).getByText('得分 --')).toBeTruthy();
      expect(paper.textContent).toContain('答对 / 答题 -- / 4');
      fireEvent.click(paper.querySelector('.card-list-action') as HTMLElement);
      await waitFor(() => expect(location()).toBe('/parent/train/report/t9/11/1'));
    } finally {
      restore();
    }
  });

  it('a child in another agency is named with where to switch; an unknown child id is not found', async () => {
    const s = await makeSession(loginInfo(PARENT), {
      'GET /v1/parent/children': [kid('11', '李小明', [{ id: 'other', name: '其他机构' }])],
    });
    renderApp(s.session, ['/parent/history/11']);
    expect(await screen.findByText(/李小明 不在当前机构，请在页面右上角切换到：其他机构/)).toBeTruthy();
    expect(s.calls.some((c) => c.path.includes('/history'))).toBe(false);
  });

  it('without children: says how to bind one; a code is checked, sent, and the list reloads', async () => {
    let kids: ParentChild[] = [];
    const s = await makeSession(loginInfo(PARENT), {
      'GET /v1/parent/children': () => ({ json: envelope(kids) }),
      'POST /v1/parent/pair': (c: RecordedCall) => {
        kids = [kid('11', '李小明')];
        expect(c.body).toEqual({ request: { code: 'ABC234' } });
        return { json: envelope(kids[0]) };
      },
      'GET /v1/parent/child/11/history': page([]),
      'GET /v1/auth/me': loginInfo(PARENT),
    });
    renderApp(s.session, ['/parent']);
    expect(await screen.findByText(/还没有绑定孩子/)).toBeTruthy();
    const input = screen.getByLabelText('配对码');
    fireEvent.change(input, { target: { value: 'ab1' } });
    fireEvent.click(screen.getByRole('button', { name: '绑定孩子' }));
    expect(await screen.findByText('配对码为 6 位字母或数字')).toBeTruthy();
    expect(s.calls.some((c) => c.path === '/v1/parent/pair')).toBe(false);
    fireEvent.change(input, { target: { value: 'abc 234' } });
    fireEvent.click(screen.getByRole('button', { name: '绑定孩子' }));
    expect(await screen.findByText('李小明 的训练历史')).toBeTruthy();
    expect(await screen.findByText('孩子还没有训练记录。')).toBeTruthy();
  });

  it("a wrong code shows the server's message in place", async () => {
    const s = await makeSession(loginInfo(PARENT), {
      'GET /v1/parent/children': [],
      'POST /v1/parent/pair': () => ({
        status: 400,
        json: {
          ...envelope(
            { fields: [{ path: 'request.code', message: '配对码无效或已过期' }] },
            400,
            '请求参数有误：配对码无效或已过期',
          ),
        },
      }),
    });
    renderApp(s.session, ['/parent']);
    fireEvent.change(await screen.findByLabelText('配对码'), { target: { value: 'ZZZZZZ' } });
    fireEvent.click(screen.getByRole('button', { name: '绑定孩子' }));
    expect(await screen.findByText('配对码无效或已过期')).toBeTruthy();
  });

  it('too many wrong codes: the wait the server names is shown', async () => {
    const s = await makeSession(loginInfo(PARENT), {
      'GET /v1/parent/children': [],
      'POST /v1/parent/pair': () => ({ status: 429, json: envelope(null, 429, '配对码错误次数过多，请 30 秒后再试') }),
    });
    renderApp(s.session, ['/parent']);
    fireEvent.change(await screen.findByLabelText('配对码'), { target: { value: 'ZZZZZZ' } });
    fireEvent.click(screen.getByRole('button', { name: '绑定孩子' }));
    expect(await screen.findByText('配对码错误次数过多，请 30 秒后再试')).toBeTruthy();
  });

  it('解除绑定 asks first, then removes the link', async () => {
    let kids = [...KIDS];
    const s = await makeSession(loginInfo(PARENT), {
      'GET /v1/parent/children': () => ({ json: envelope(kids) }),
      'GET /v1/parent/child/11/history': page([]),
      'GET /v1/parent/child/12/history': page([]),
      'DELETE /v1/parent/child/12': () => {
        kids = kids.filter((k) => k.id !== '12');
        return { json: envelope(null) };
      },
      'GET /v1/auth/me': loginInfo(PARENT),
    });
    renderApp(s.session, ['/parent']);
    await screen.findByText('李小红（u12）');
    const item = screen.getByText('李小红（u12）').closest('li') as HTMLElement;
    fireEvent.click(within(item).getByRole('button', { name: '解除绑定' }));
    expect(await screen.findByText(/确定解除与 李小红 的绑定吗/)).toBeTruthy();
    expect(s.calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByText('李小红（u12）')).toBeNull());
    expect(s.calls.some((c) => c.method === 'DELETE' && c.path === '/v1/parent/child/12')).toBe(true);
  });

  it('asks a visitor to log in', async () => {
    const s = await makeSession(null);
    renderApp(s.session, ['/parent']);
    expect(await screen.findByText('登录家长账号后可以查看孩子的训练情况。')).toBeTruthy();
  });
});

describe('parent: the report', () => {
  it('with the answers (showQuestion 1), and the figures only (0)', async () => {
    const s = await makeSession(loginInfo(PARENT), {
      'GET /v1/parent/child/11/report/t1': (c: RecordedCall) => ({
        json: envelope(c.url.includes('questions=0') ? { ...REPORT, records: [] } : REPORT),
      }),
    });
    renderApp(s.session, ['/parent/train/report/t1/11/1']);
    expect(await screen.findByText('训练报告：名词专项')).toBeTruthy();
    expect(screen.getByText('名词辨析')).toBeTruthy();
    expect(screen.queryByText(/待批改，得分/)).toBeNull();
    expect(s.calls.find((c) => c.path === '/v1/parent/child/11/report/t1')?.url).toMatch(/questions=1/);
    fireEvent.click(screen.getByText('只看概况'));
    await waitFor(() => expect(location()).toBe('/parent/train/report/t1/11/0'));
    expect(await screen.findByText(/当前只显示概况/)).toBeTruthy();
    expect(screen.queryByText('名词辨析')).toBeNull();
    expect(s.calls.at(-1)?.url).toMatch(/questions=0/);
  });

  it("shows the teacher's comment and annotations on a marked answer and how many answers still wait (issue 18)", async () => {
    const marked: TrainingReport = {
      ...REPORT,
      training: { ...REPORT.training, pending: 1 },
      records: [
        record({
          title: '翻译句子',
          type: 'translation',
          answer: ['I goes to school'],
          isCorrect: false,
          score: 0.5,
          markComment: '时态不对',
          markAnnotations: [{ start: 2, end: 6, note: '主谓一致' }],
        }),
        record({ recordId: 'r2', title: '短文写作', type: 'shortAnswer', isCorrect: null, score: 0 }),
      ],
    };
    const s = await makeSession(loginInfo(PARENT), { 'GET /v1/parent/child/11/report/t1': marked });
    renderApp(s.session, ['/parent/train/report/t1/11/1']);
    expect(await screen.findByText('1 道题待批改，得分将在批改后更新')).toBeTruthy();
    const item = (title: string) => screen.getByText(title).closest('.ant-list-item') as HTMLElement;
    expect(within(item('翻译句子')).getByText('时态不对')).toBeTruthy();
    const notes = within(item('翻译句子')).getByRole('group', { name: '老师批注' });
    expect(notes.querySelector('mark')?.textContent).toBe('goes1');
    expect(within(notes).getByRole('listitem').textContent).toBe('“goes”：主谓一致');
    expect(within(item('短文写作')).queryByText('老师评语：')).toBeNull();
    expect(within(item('短文写作')).queryByRole('group', { name: '老师批注' })).toBeNull();
  });

  it('a running paper shows no results', async () => {
    const running: TrainingReport = {
      ...REPORT,
      training: { ...REPORT.training, type: 'paper', status: 'running', endTime: null },
      records: [record({ title: '名词辨析', isCorrect: null, score: 0 })],
    };
    const s = await makeSession(loginInfo(PARENT), { 'GET /v1/parent/child/11/report/t1': running });
    renderApp(s.session, ['/parent/train/report/t1/11/1']);
    expect(await screen.findByText('试卷还在进行中，交卷后才能看到对错和得分。')).toBeTruthy();
    expect(screen.queryByText('✓ 正确')).toBeNull();
    expect(screen.queryByText(/得分 /)).toBeNull();
  });

  it('an ended paper whose corrections wait says when they come, without ✓/✗, the chart or the score', async () => {
    const waiting: TrainingReport = {
      ...REPORT,
      training: {
        ...REPORT.training,
        type: 'paper',
        score: 0,
        correct: 0,
        corrections: { wait: 'release', message: '批改结果等待老师发布', scoreHidden: true },
      },
      records: [record({ title: '名词辨析', isCorrect: null, score: 0 })],
    };
    const s = await makeSession(loginInfo(PARENT), { 'GET /v1/parent/child/11/report/t1': waiting });
    const { container } = renderApp(s.session, ['/parent/train/report/t1/11/1']);
    expect(await screen.findByText('批改结果等待老师发布')).toBeTruthy();
    expect(screen.getByText('名词辨析')).toBeTruthy();
    expect(screen.queryByText('✓ 正确')).toBeNull();
    expect(screen.queryByText('待批改')).toBeNull();
    expect(screen.queryByText(/得分 /)).toBeNull();
    expect(screen.queryByRole('img', { name: '各知识点作答情况' })).toBeNull();
    expect((container.querySelector('.training-stats') as HTMLElement).textContent).toContain('--/ 4');
  });

  it("another child's or an unknown training is not found", async () => {
    const s = await makeSession(loginInfo(PARENT), {
      'GET /v1/parent/child/99/report/t1': () => ({ status: 404, json: envelope(null, 404, '孩子不存在') }),
    });
    renderApp(s.session, ['/parent/train/report/t1/99/1']);
    expect(await screen.findByText('训练报告不存在')).toBeTruthy();
  });
});

describe('login page: 忘记密码 and 家长注册', () => {
  it('忘记密码 tells each kind of user whom to ask', async () => {
    const s = await makeSession(null);
    renderApp(s.session, ['/']);
    fireEvent.click(await screen.findByRole('button', { name: '忘记密码' }));
    expect(await screen.findByText('忘记密码怎么办')).toBeTruthy();
    expect(screen.getByText(/请联系所在机构的管理员重置密码/)).toBeTruthy();
    // A parent's agency resets only when the children study there alone (docs/parents.md "Forgotten passwords").
    expect(screen.getByText(/孩子只在一家机构学习时，请联系该机构管理员重置密码/)).toBeTruthy();
    expect(screen.getByText(/孩子只在这家机构学习时/)).toBeTruthy();
    expect(screen.getByText(/请联系平台管理员重置密码/)).toBeTruthy();
  });

  it('家长注册 signs up with a code, logs in and opens the parent area', async () => {
    const s = await makeSession(null, {
      'POST /v1/public/parent/signup': null,
      'POST /v1/auth/login': loginInfo(PARENT),
      'GET /v1/parent/children': [],
    });
    renderApp(s.session, ['/']);
    fireEvent.click(await screen.findByRole('button', { name: '家长注册' }));
    const dialog = (await screen.findByText('家长注册', { selector: '.ant-modal-title' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    fireEvent.change(within(dialog).getByLabelText('配对码'), { target: { value: 'abc234' } });
    fireEvent.change(within(dialog).getByLabelText('用户名'), { target: { value: 'mama' } });
    fireEvent.change(within(dialog).getByLabelText('姓名'), { target: { value: '王妈妈' } });
    fireEvent.change(within(dialog).getByLabelText('密码'), { target: { value: 'Tall-Green-Kettle-42' } });
    fireEvent.change(within(dialog).getByLabelText('确认密码'), { target: { value: 'Tall-Green-Kettle-4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '注册并绑定孩子' }));
    expect(await within(dialog).findByText('两次输入的密码不一致')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('确认密码'), { target: { value: 'Tall-Green-Kettle-42' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '注册并绑定孩子' }));
    await waitFor(() => expect(location()).toBe('/parent/'));
    expect(s.calls.find((c) => c.path === '/v1/public/parent/signup')?.body).toEqual({
      request: { code: 'ABC234', username: 'mama', name: '王妈妈', password: 'Tall-Green-Kettle-42' },
    });
  });
});
