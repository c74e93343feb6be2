import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { button, buttonIn, openDialog, pickOption } from '../../../test/antd';
import { envelope } from '../../../test/fake-api';
import { loginInfo } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';
import { bodyOf, labelled, paper, scheme, trainRoutes } from './train-test-kit';

const SUBMIT = '/v1/train/scheme/ordered/submit';
/** Each item as `1.名称题型`: its number, label and tags (not its mark field). */
const items = () =>
  Array.from(document.querySelectorAll('.paper-item')).map(
    (e) => `${e.querySelector('span')?.textContent ?? ''}${e.querySelector('.paper-item-main')?.textContent ?? ''}`,
  );
const markOf = (n: number) => (labelled(`分值 ${n}`) as HTMLInputElement).value;

async function open(path: string, extra: Record<string, unknown> = {}) {
  const s = await makeSession(loginInfo(['edu:agency:demo:admin']), trainRoutes(extra));
  renderApp(s.session, [path]);
  // The bank's rows (lazy page + three reads; slow when every test file runs at once).
  await waitFor(() => expect(document.querySelectorAll('.question-picker tbody tr[data-row-key]').length).toBe(3), {
    timeout: 10_000,
  });
  return s;
}

describe('admin/train/create/paper/{type}/{info}', () => {
  it('new: picks questions from the bank, orders them and submits the paper', async () => {
    const { calls } = await open('/admin/train/create/paper/new/0', { [`POST ${SUBMIT}`]: paper() });
    fireEvent.click(screen.getByText('保存试卷').closest('button')!);
    expect(await screen.findByText('请至少选择一道题')).toBeTruthy();
    expect(screen.getAllByText('请输入试卷名称').length).toBeGreaterThan(0);
    fireEvent.change(labelled('试卷名称'), { target: { value: '期中测试' } });
    fireEvent.click(labelled('加入 名词复数练习'));
    fireEvent.click(labelled('加入 作文一篇'));
    fireEvent.click(labelled('加入 冠词填空'));
    expect(items()).toEqual(['1.名词复数练习单选题', '2.作文一篇简答题人工批改', '3.冠词填空填空题']);
    expect(document.querySelector('.paper-questions .ant-card-extra')?.textContent).toBe('共 3 道题 · 总分 3 分');
    // 已加入 replaces the button of a chosen question.
    expect(document.querySelector(`[aria-label='加入 冠词填空']`)).toBeNull();
    fireEvent.click(labelled('上移 3'));
    fireEvent.click(labelled('移出 1'));
    fireEvent.change(labelled('时间限制（分钟）'), { target: { value: '45' } });
    fireEvent.click(screen.getByText('保存试卷').closest('button')!);
    await waitFor(() => expect(bodyOf(calls, 'POST', SUBMIT)).toBeTruthy());
    expect(bodyOf(calls, 'POST', SUBMIT)).toEqual({
      request: {
        title: '期中测试',
        kpRange: [],
        timeLimit: 2700,
        questionIds: ['q2', 'q3'],
        trainRepoId: '1',
        reviewAfter: null,
        showScore: 'after-hand-in',
      },
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/train/list'));
  });

  it('edit: loads the paper in order and resubmits it with its schemeId; 400 fields land on the items', async () => {
    const { calls } = await open('/admin/train/create/paper/edit/12', {
      'GET /v1/train/scheme/12': paper({ timeLimit: 600 }),
      [`POST ${SUBMIT}`]: () => ({
        status: 400,
        json: envelope(
          { fields: [{ path: 'request.questionIds.1', message: '题目不存在或本机构不可用' }] },
          400,
          '参数错误',
        ),
      }),
    });
    await waitFor(() => expect(items().length).toBe(2));
    expect(items()[0]).toContain('名词复数练习');
    expect(items()[1]).toContain('冠词填空');
    expect((labelled('试卷名称') as HTMLInputElement).value).toBe('期中测试');
    fireEvent.click(screen.getByText('保存试卷').closest('button')!);
    expect(await screen.findByText('题目不存在或本机构不可用')).toBeTruthy();
    expect(document.querySelectorAll('.paper-item')[1].textContent).toContain('题目不存在或本机构不可用');
    expect(bodyOf(calls, 'POST', SUBMIT).request).toEqual({
      title: '期中测试',
      kpRange: [],
      timeLimit: 600,
      questionIds: ['q1', 'q2'],
      trainRepoId: '1',
      reviewAfter: null,
      showScore: 'after-hand-in',
      schemeId: '12',
    });
  });

  it('edit: keeps the review options, sends the ones chosen, and releases the corrections after a confirmation', async () => {
    const { calls } = await open('/admin/train/create/paper/edit/12', {
      'GET /v1/train/scheme/12': paper({ reviewAfter: 'teacher-release', showScore: 'with-corrections' }),
      [`POST ${SUBMIT}`]: paper(),
      'POST /v1/train/scheme/12/release': paper({ releasedAt: 1_700_000_000_000 }),
    });
    await waitFor(() => expect(items().length).toBe(2));
    expect(screen.getByText('老师发布后')).toBeTruthy();
    expect(screen.getByText('与批改结果一起')).toBeTruthy();
    expect(screen.getByText('批改结果尚未发布')).toBeTruthy();
    fireEvent.click(button('发布批改结果'));
    const dialog = await openDialog();
    expect(within(dialog).getByText(/发布后不能撤回/)).toBeTruthy();
    fireEvent.click(buttonIn(dialog, '发布批改结果'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/train/scheme/12/release')).toBe(true),
    );
    await pickOption('批改结果公布', '试卷关闭后（任务的试卷：任务截止后）');
    fireEvent.click(screen.getByText('保存试卷').closest('button')!);
    await waitFor(() => expect(bodyOf(calls, 'POST', SUBMIT)).toBeTruthy());
    expect(bodyOf(calls, 'POST', SUBMIT).request).toMatchObject({
      reviewAfter: 'after-close',
      showScore: 'with-corrections',
    });
  });

  it('gives each question its mark: the total follows, marks other than 1 are sent, a bad one is refused', async () => {
    const { calls } = await open('/admin/train/create/paper/new/0', { [`POST ${SUBMIT}`]: paper() });
    fireEvent.change(labelled('试卷名称'), { target: { value: '作文测验' } });
    fireEvent.click(labelled('加入 名词复数练习'));
    fireEvent.click(labelled('加入 作文一篇'));
    expect([markOf(1), markOf(2)]).toEqual(['1.0', '1.0']);
    fireEvent.change(labelled('分值 2'), { target: { value: '15' } });
    await waitFor(() =>
      expect(document.querySelector('.paper-questions .ant-card-extra')?.textContent).toBe('共 2 道题 · 总分 16 分'),
    );
    // A cleared mark is no mark: the check names it on its question and nothing is sent.
    fireEvent.change(labelled('分值 1'), { target: { value: '' } });
    fireEvent.click(screen.getByText('保存试卷').closest('button')!);
    expect(await screen.findByText('分值必须是 0.5 到 100 之间、0.5 的整数倍')).toBeTruthy();
    expect(document.querySelectorAll('.paper-item')[0].textContent).toContain('分值必须是');
    expect(bodyOf(calls, 'POST', SUBMIT)).toBeFalsy();
    fireEvent.change(labelled('分值 1'), { target: { value: '1' } });
    fireEvent.click(screen.getByText('保存试卷').closest('button')!);
    await waitFor(() => expect(bodyOf(calls, 'POST', SUBMIT)).toBeTruthy());
    expect(bodyOf(calls, 'POST', SUBMIT).request).toMatchObject({ questionIds: ['q1', 'q3'], marks: { q3: 15 } });
  });

  it('edit: loads each question’s mark and sends the marks back', async () => {
    const base = paper();
    const point = { ...base.phases[0].points[0], marks: { q2: 2.5 } };
    const { calls } = await open('/admin/train/create/paper/edit/12', {
      'GET /v1/train/scheme/12': paper({ phases: [{ ...base.phases[0], points: [point] }] }),
      [`POST ${SUBMIT}`]: paper(),
    });
    await waitFor(() => expect(items().length).toBe(2));
    expect([markOf(1), markOf(2)]).toEqual(['1.0', '2.5']);
    expect(document.querySelector('.paper-questions .ant-card-extra')?.textContent).toBe('共 2 道题 · 总分 3.5 分');
    fireEvent.click(screen.getByText('保存试卷').closest('button')!);
    await waitFor(() => expect(bodyOf(calls, 'POST', SUBMIT)).toBeTruthy());
    expect(bodyOf(calls, 'POST', SUBMIT).request).toMatchObject({ questionIds: ['q1', 'q2'], marks: { q2: 2.5 } });
  });

  it('a general scheme id says to use the scheme editor', async () => {
    const s = await makeSession(
      loginInfo(['edu:agency:demo:admin']),
      trainRoutes({ 'GET /v1/train/scheme/11': scheme() }),
    );
    renderApp(s.session, ['/admin/train/create/paper/edit/11']);
    expect(await screen.findByText('这个方案不是试卷，请在方案编辑中修改')).toBeTruthy();
    expect(within(document.body).getByText('打开方案编辑').getAttribute('href')).toBe('/admin/train/edit/11/general');
  });
});
