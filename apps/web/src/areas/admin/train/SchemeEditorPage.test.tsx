import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelope, type RecordedCall } from '../../../test/fake-api';
import { loginInfo } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';
import { buttonIn, openDialog, pickOption } from '../../../test/antd';
import { bodyOf, labelled, paper, REF_REPO, scheme, trainRoutes } from './train-test-kit';

const matchCalls = (calls: RecordedCall[]) =>
  calls.filter((c) => c.path === '/v1/exam/question/match/selectors').map((c) => c.body);
const phaseCard = (i: number) => document.querySelectorAll<HTMLElement>('.scheme-phase')[i];
const pointCard = (i: number, j: number) => phaseCard(i).querySelectorAll<HTMLElement>('.scheme-point')[j];
async function pickTreeNode(label: string, title: string) {
  fireEvent.mouseDown(labelled(label));
  const node = await waitFor(() => {
    const found = Array.from(document.querySelectorAll('.ant-select-tree-title')).find((e) => e.textContent === title);
    if (!found) throw new Error(`no tree node ${title}`);
    return found as HTMLElement;
  });
  fireEvent.click(node);
}
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

async function open(path: string, extra: Record<string, unknown> = {}) {
  const s = await makeSession(loginInfo(['edu:agency:demo:admin']), trainRoutes(extra));
  renderApp(s.session, [path]);
  await screen.findByText(/方案结构检查通过|方案有 \d+ 处问题/);
  return s;
}

describe('admin/train/create/general', () => {
  it('builds a scheme: the preview follows the selectors, 保存 sends the scheme', async () => {
    const { calls } = await open('/admin/train/create/general', {
      'PUT /v1/train/scheme': scheme({ schemeId: '99' }),
    });
    expect(await within(pointCard(0, 0)).findByText('匹配到 12 道题')).toBeTruthy();
    expect(within(pointCard(0, 0)).getByText('名词复数练习')).toBeTruthy();
    // A general scheme draws auto-judged questions only: so does the preview.
    expect(bodyOf(calls, 'POST', '/v1/exam/question/match/selectors').request.autoJudged).toBe(true);
    type(labelled('方案名称'), '名词专项');
    await pickOption('题型', '单选题', pointCard(0, 0));
    await waitFor(() =>
      expect(matchCalls(calls).at(-1)).toEqual({
        request: { selectors: { types: ['singleChoice'] }, knowledgeIds: [], autoJudged: true },
      }),
    );
    // A second phase whose first point retries until right.
    fireEvent.click(screen.getByText('添加阶段').closest('button')!);
    await waitFor(() => expect(document.querySelectorAll('.scheme-phase').length).toBe(2));
    type(labelled('阶段名称', phaseCard(1)), '提高');
    fireEvent.click(within(pointCard(1, 0)).getByText('答对为止'));
    fireEvent.click(screen.getByText('保存').closest('button')!);
    await waitFor(() => expect(bodyOf(calls, 'PUT', '/v1/train/scheme')).toBeTruthy());
    const body = bodyOf(calls, 'PUT', '/v1/train/scheme').request;
    expect(body).toMatchObject({
      title: '名词专项',
      type: 'general',
      trainRepoId: '1',
      initPhase: '阶段1',
      initPoint: '训练点1',
      kpRange: [],
      timeLimit: 0,
    });
    expect(body.phases).toEqual([
      {
        phase: '阶段1',
        knowledgeIds: [],
        timeLimit: 0,
        points: [
          {
            name: '训练点1',
            onOK: '@next',
            onError: '@next',
            selectors: { types: ['singleChoice'] },
            repeat: 5,
            judgeWay: 'once',
            requireCorrect: 3,
          },
        ],
      },
      {
        phase: '提高',
        knowledgeIds: [],
        timeLimit: 0,
        points: [expect.objectContaining({ name: '训练点1', judgeWay: 'retry' })],
      },
    ]);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/train/list'));
  });

  it('a blank title is refused in Chinese and nothing is sent', async () => {
    const { calls } = await open('/admin/train/create/general');
    fireEvent.click(screen.getByText('保存').closest('button')!);
    expect(await screen.findAllByText('请输入方案名称')).not.toHaveLength(0);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('the preview draws from the phase subtrees inside the scheme range, or says nothing is in common', async () => {
    const { calls } = await open('/admin/train/edit/11/general', {
      'GET /v1/train/scheme/11': scheme({ kpRange: [] }),
    });
    await waitFor(() =>
      expect(matchCalls(calls)).toContainEqual({
        request: { selectors: { types: ['singleChoice'] }, knowledgeIds: ['en.g7.c1'], autoJudged: true },
      }),
    );
    expect(within(pointCard(0, 0)).getByText(/匹配到 12 道题/)).toBeTruthy();
    await pickTreeNode('知识点范围', '数学');
    expect(await within(pointCard(0, 0)).findByText('阶段知识点不在方案的知识点范围内，抽不到题')).toBeTruthy();
  });
});

describe('admin/train/edit/{id}/general', () => {
  it('loads the scheme; deleting a referenced point shows the engine message and blocks 保存', async () => {
    const { calls } = await open('/admin/train/edit/11/general', { 'GET /v1/train/scheme/11': scheme() });
    expect((labelled('方案名称') as HTMLInputElement).value).toBe('分层练习');
    expect(within(pointCard(0, 1)).getByText('训练点「热身」')).toBeTruthy();
    fireEvent.click(labelled('删除训练点 训练点 2', pointCard(0, 1)));
    expect(await within(pointCard(0, 0)).findByText('训练点「补救」不存在')).toBeTruthy();
    expect(screen.getByText('方案有 1 处问题')).toBeTruthy();
    expect(screen.getByText('阶段 1 · 训练点 1：训练点「补救」不存在')).toBeTruthy();
    fireEvent.click(screen.getByText('保存').closest('button')!);
    expect(await screen.findByText('方案有问题，请先修改标出的内容')).toBeTruthy();
    expect(calls.some((c) => c.path === '/v1/train/scheme/11' && c.method === 'POST')).toBe(false);
  });

  it("a point's weight (每题分值): loaded, changed and sent; a cleared one is refused", async () => {
    const base = scheme();
    const [warm, fix] = base.phases[0].points;
    const { calls } = await open('/admin/train/edit/11/general', {
      'GET /v1/train/scheme/11': scheme({ phases: [{ ...base.phases[0], points: [{ ...warm, mark: 3 }, fix] }] }),
      'POST /v1/train/scheme/11': scheme(),
    });
    const weight = (j: number) => labelled('每题分值', pointCard(0, j)) as HTMLInputElement;
    expect([weight(0).value, weight(1).value]).toEqual(['3.0', '1.0']);
    type(weight(1), '');
    expect(await within(pointCard(0, 1)).findByText('分值必须是 0.5 到 100 之间、0.5 的整数倍')).toBeTruthy();
    type(weight(1), '2.5');
    await waitFor(() => expect(within(pointCard(0, 1)).queryByText(/分值必须是/)).toBeNull());
    fireEvent.click(screen.getByText('保存').closest('button')!);
    await waitFor(() => expect(bodyOf(calls, 'POST', '/v1/train/scheme/11')).toBeTruthy());
    const sent = bodyOf(calls, 'POST', '/v1/train/scheme/11') as {
      request: { phases: { points: { mark?: number }[] }[] };
    };
    expect(sent.request.phases[0].points.map((p) => p.mark)).toEqual([3, 2.5]);
  });

  // Left out when least-seen: the first test's body has no `draw`.
  it("a point's 抽题方式: 最少作答优先 by default, 按能力匹配 loaded, chosen and sent", async () => {
    const base = scheme();
    const [warm, fix] = base.phases[0].points;
    const { calls } = await open('/admin/train/edit/11/general', {
      'GET /v1/train/scheme/11': scheme({
        phases: [{ ...base.phases[0], points: [{ ...warm, draw: 'ability' }, fix] }],
      }),
      'POST /v1/train/scheme/11': scheme(),
    });
    const shown = (j: number) =>
      within(pointCard(0, j)).getByRole('combobox', { name: '抽题方式' }).closest('.ant-select')!;
    expect(shown(0).textContent).toContain('按能力匹配');
    expect(shown(1).textContent).toContain('最少作答优先（默认）');
    await pickOption('抽题方式', '按能力匹配', pointCard(0, 1));
    await waitFor(() => expect(shown(1).textContent).toContain('按能力匹配'));
    fireEvent.click(screen.getByText('保存').closest('button')!);
    await waitFor(() => expect(bodyOf(calls, 'POST', '/v1/train/scheme/11')).toBeTruthy());
    const sent = bodyOf(calls, 'POST', '/v1/train/scheme/11') as {
      request: { phases: { points: { draw?: string }[] }[] };
    };
    expect(sent.request.phases[0].points.map((p) => p.draw)).toEqual(['ability', 'ability']);
  });

  it("the server's 400 fields are shown at their fields", async () => {
    const { calls } = await open('/admin/train/edit/11/general', {
      'GET /v1/train/scheme/11': scheme(),
      'POST /v1/train/scheme/11': () => ({
        status: 400,
        json: envelope(
          {
            fields: [
              {
                path: 'request.phases.0.points.1.selectors',
                message: '在本阶段的知识点范围内没有符合选题条件、可自动判分的题目',
              },
            ],
          },
          400,
          '参数错误',
        ),
      }),
    });
    fireEvent.click(screen.getByText('保存').closest('button')!);
    expect(
      await within(pointCard(0, 1)).findByText('在本阶段的知识点范围内没有符合选题条件、可自动判分的题目'),
    ).toBeTruthy();
    expect(bodyOf(calls, 'POST', '/v1/train/scheme/11').request).toMatchObject({ title: '分层练习' });
    // Any change clears the server's messages.
    type(labelled('方案名称'), '分层练习 2');
    await waitFor(() =>
      expect(
        within(pointCard(0, 1)).queryByText('在本阶段的知识点范围内没有符合选题条件、可自动判分的题目'),
      ).toBeNull(),
    );
  });

  it('deleting a phase asks first; renaming a point carries its targets', async () => {
    await open('/admin/train/edit/11/general', { 'GET /v1/train/scheme/11': scheme() });
    type(labelled('训练点名称', pointCard(0, 1)), '巩固');
    expect(within(pointCard(0, 0)).getByText('训练点「巩固」')).toBeTruthy();
    expect(screen.getByText('方案结构检查通过')).toBeTruthy();
    fireEvent.click(labelled('删除阶段 阶段 1', phaseCard(0)));
    const d = await openDialog('.ant-modal-confirm');
    expect(d.textContent).toContain('删除阶段「基础」？');
    fireEvent.click(buttonIn(d, '删除'));
    await waitFor(() => expect(document.querySelectorAll('.scheme-phase').length).toBe(0));
    expect(await screen.findByText('方案至少需要一个阶段')).toBeTruthy();
  });

  it('a scheme of a referenced repository is read-only', async () => {
    const s = await makeSession(
      loginInfo(['edu:agency:demo:admin']),
      trainRoutes({ 'GET /v1/train/scheme/11': scheme({ trainRepoId: REF_REPO.id }) }),
    );
    renderApp(s.session, ['/admin/train/edit/11/general']);
    expect(await screen.findByText('这个方案属于引用的共享方案库，只能查看，不能修改。')).toBeTruthy();
    expect(screen.queryByText('保存')).toBeNull();
  });

  it('a paper id opens the paper builder', async () => {
    const s = await makeSession(
      loginInfo(['edu:agency:demo:admin']),
      trainRoutes({ 'GET /v1/train/scheme/12': paper() }),
    );
    renderApp(s.session, ['/admin/train/edit/12/general']);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/train/create/paper/edit/12'));
  });
});

describe('leaving the scheme editor (docs/web.md "Unsaved changes")', () => {
  it('an unchanged scheme leaves at once', async () => {
    await open('/admin/train/create/general');
    // Unchanged: 返回 goes at once.
    fireEvent.click(screen.getByText('返回').closest('button')!);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/train/list'));
  });

  it('a changed scheme asks before 返回', async () => {
    await open('/admin/train/create/general');
    type(labelled('方案名称'), '写到一半');
    fireEvent.click(screen.getByText('返回').closest('button')!);
    const asking = () => openDialog('.ant-modal-wrap:not([style*="display: none"]) .ant-modal:not(.ant-zoom-leave)');
    let dialog = await asking();
    expect(dialog.textContent).toContain('有未保存的修改，确定离开吗？');
    fireEvent.click(buttonIn(dialog, '留下'));
    await waitFor(() => expect(document.querySelector('.ant-modal:not(.ant-zoom-leave)')).toBeNull());
    expect(screen.getByTestId('location').textContent).toBe('/admin/train/create/general');
    expect((labelled('方案名称') as HTMLInputElement).value).toBe('写到一半');
    fireEvent.click(screen.getByText('返回').closest('button')!);
    dialog = await asking();
    fireEvent.click(buttonIn(dialog, '离开'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/train/list'));
  });
});
