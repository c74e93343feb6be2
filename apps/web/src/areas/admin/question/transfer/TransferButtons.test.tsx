import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { envelope } from '../../../../test/fake-api';
import { loginInfo, question, repo } from '../../../../test/fixtures';
import { makeSession, renderApp } from '../../../../test/render';
import { openDialog } from '../../../../test/antd';

const REPOS = { total: 2, list: [repo('r1', '七年级题库'), repo('r3', '共享题库', { owned: false })] };

async function show(path: string) {
  const s = await makeSession(loginInfo(['edu:agency:demo:admin']), {
    'POST /v1/exam/question/list': () => ({ json: envelope({ total: 1, list: [question({ title: '第一题' })] }) }),
    'GET /v1/exam/repositories': REPOS,
    'GET /v1/exam/repository/r1': REPOS.list[0],
    'GET /v1/exam/repository/r3': REPOS.list[1],
    'GET /v1/exam/tags': [],
  });
  renderApp(s.session, [path]);
  await screen.findByText('第一题');
}

const header = () => document.querySelector<HTMLElement>('.ant-card-extra')!;

describe('import and export on the question pages', () => {
  it('the question list offers 导入题目 and 导出, each opening its dialog', async () => {
    await show('/admin/question/list');
    fireEvent.click(within(header()).getByRole('button', { name: /导入题目/ }));
    const d = await openDialog();
    expect(within(d).getByText('点击或拖拽文件到此处')).toBeTruthy();
    fireEvent.click(within(d).getByRole('button', { name: '取消' }));
    fireEvent.click(within(header()).getByRole('button', { name: /导出/ }));
    expect(await screen.findByText('导出题目')).toBeTruthy();
  });

  it("an owned repository's page imports into that repository", async () => {
    await show('/admin/question/repository/detail/r1/all');
    fireEvent.click(within(header()).getByRole('button', { name: /导入题目/ }));
    const d = await openDialog();
    expect(within(d).getByText('七年级题库')).toBeTruthy();
  });

  it('a referenced repository shows 导出 but no 导入题目', async () => {
    await show('/admin/question/repository/detail/r3/singleChoice');
    expect(within(header()).queryByRole('button', { name: /导入题目/ })).toBeNull();
    fireEvent.click(within(header()).getByRole('button', { name: /导出/ }));
    const d = await openDialog();
    expect(within(d).getByText('共享题库')).toBeTruthy();
    expect(within(d).getByText('单选题')).toBeTruthy();
  });
});
