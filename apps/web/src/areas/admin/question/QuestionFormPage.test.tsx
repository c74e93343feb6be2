import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loginInfo, question, repo } from '../../../test/fixtures';
import { envelope } from '../../../test/fake-api';
import { makeSession, renderApp } from '../../../test/render';
import { button, openDialog } from '../../../test/antd';

const REPOS = { total: 1, list: [repo('r1', '七年级题库')] };
const location = () => screen.getByTestId('location').textContent;

async function create(type: string, extra: Record<string, unknown> = {}) {
  const s = await makeSession(loginInfo(['edu:agency:demo:admin']), {
    'GET /v1/exam/repositories': REPOS,
    'GET /v1/exam/tags': [],
    ...extra,
  });
  renderApp(s.session, [`/admin/question/create/${type}`]);
  await screen.findByRole('button', { name: '保存' }, { timeout: 5000 });
  return s;
}

const save = () => fireEvent.click(button('保存'));
const shows = async (...messages: string[]) => {
  for (const m of messages) expect(await screen.findByText(m)).toBeTruthy();
};

describe('question editor: the contract’s Chinese messages at the fields', () => {
  it('singleChoice: stem, option contents, one correct answer, knowledge point', async () => {
    const { calls } = await create('singleChoice');
    save();
    await shows(
      '请输入题干',
      '请填写选项 A 的内容',
      '请填写选项 D 的内容',
      '单选题需要且只能有一个正确答案',
      '请选择知识点',
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('multipleChoice: at least one correct answer; removing options re-letters them', async () => {
    await create('multipleChoice');
    fireEvent.click(screen.getByLabelText('删除选项 D'));
    fireEvent.click(screen.getByLabelText('删除选项 C'));
    fireEvent.click(screen.getByLabelText('删除选项 B'));
    save();
    await shows('多选题至少需要一个正确答案', '选择题至少需要 2 个选项');
  });

  it('trueFalse: the answer must be 对 or 错', async () => {
    await create('trueFalse');
    save();
    await shows('判断题答案只能是 T（对）或 F（错）');
    fireEvent.click(screen.getByLabelText('对'));
    save();
    await waitFor(() => expect(screen.queryByText('判断题答案只能是 T（对）或 F（错）')).toBeNull());
  });

  it('fillBlank: every blank needs an answer', async () => {
    await create('fillBlank');
    fireEvent.click(button('添加一空'));
    save();
    await shows('第 1 空的答案不能为空', '第 2 空的答案不能为空');
  });

  it('shortAnswer: the reference answer', async () => {
    await create('shortAnswer');
    save();
    await shows('参考答案不能为空');
  });

  it('translation: the reference translation', async () => {
    await create('translation');
    save();
    await shows('参考译文不能为空');
  });

  it('enReading: each sub-question by its own type; at least one sub-question', async () => {
    await create('enReading');
    save();
    const sub = document.querySelector('.sub-question') as HTMLElement;
    expect(await within(sub).findByText('请输入小题题干')).toBeTruthy();
    expect(within(sub).getByText('单选题需要且只能有一个正确答案')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('删除第 1 小题'));
    save();
    await shows('阅读理解至少需要一个小题');
  });

  it('after a failed save the messages follow the draft: a fixed field loses its message at once', async () => {
    await create('trueFalse');
    save();
    await shows('判断题答案只能是 T（对）或 F（错）', '请选择知识点');
    fireEvent.click(screen.getByLabelText('对'));
    await waitFor(() => expect(screen.queryByText('判断题答案只能是 T（对）或 F（错）')).toBeNull());
    expect(screen.getByText('请选择知识点')).toBeTruthy();
  });

  it('enReading: every field of a sub-question is labelled; the answer label follows the type', async () => {
    await create('enReading');
    const sub = document.querySelector('.sub-question') as HTMLElement;
    for (const label of ['题型', '题干', '说明', '选项', '解析']) expect(within(sub).getByText(label)).toBeTruthy();
    expect(within(sub).getByText('点选选项前的字母标记正确答案')).toBeTruthy();
  });

  it('a video URL must be http(s)', async () => {
    await create('trueFalse');
    fireEvent.click(button('添加视频'));
    fireEvent.change(screen.getByLabelText('视频地址 https://… 1'), { target: { value: 'javascript:alert(1)' } });
    save();
    await shows('视频地址应以 http:// 或 https:// 开头');
  });
});

describe('question editor: edit', () => {
  it('warns that saving makes a new version, saves the fields and goes to the preview', async () => {
    const q = question();
    const s = await makeSession(loginInfo(['edu:agency:demo:admin']), {
      'GET /v1/exam/question/q1': q,
      'GET /v1/exam/question/q1/editable': { editable: true, willVersion: true, records: 3, version: 1, reason: null },
      'POST /v1/exam/question/q1': question({ version: 2 }),
      'GET /v1/exam/tags': [],
    });
    renderApp(s.session, ['/admin/question/edit/q1']);
    expect(
      await screen.findByText(/已有 3 条作答记录。保存后会生成新版本（第 2 版）/, {}, { timeout: 5000 }),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '名词' } });
    save();
    await waitFor(() => expect(location()).toBe('/admin/question/preview/q1'));
    const post = s.calls.find((c) => c.method === 'POST' && c.path === '/v1/exam/question/q1');
    expect(post?.body).toMatchObject({
      request: { title: '名词', type: 'singleChoice', judgeType: 'auto', answer: ['B'], knowledgeId: 'en.g7.c1.k1' },
    });
  });

  it('the preview after a save shows the saved question, not the one the editor had cached (one key per question)', async () => {
    let stored = question();
    const s = await makeSession(loginInfo(['edu:agency:demo:admin']), {
      'GET /v1/exam/question/q1': () => ({ json: envelope(stored) }),
      'GET /v1/exam/question/q1/editable': { editable: true, willVersion: true, records: 3, version: 1, reason: null },
      'POST /v1/exam/question/q1': () => {
        stored = question({ version: 2, title: '名词' });
        return { json: envelope(stored) };
      },
      'GET /v1/exam/question/q1/public': {
        questionId: 'q1',
        published: false,
        publishedAt: null,
        publishedBy: null,
        showAnswer: false,
      },
      'GET /v1/exam/tags': [],
    });
    renderApp(s.session, ['/admin/question/edit/q1']);
    await screen.findByText(/保存后会生成新版本（第 2 版）/, {}, { timeout: 5000 });
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '名词' } });
    save();
    await waitFor(() => expect(location()).toBe('/admin/question/preview/q1'));
    expect(await screen.findByText('第 2 版')).toBeTruthy();
    expect(screen.queryByText('第 1 版')).toBeNull();
  });

  it('a question that cannot be edited shows a read-only notice', async () => {
    const s = await makeSession(loginInfo(['edu:agency:demo:admin']), {
      'GET /v1/exam/question/q1': question(),
      'GET /v1/exam/question/q1/editable': {
        editable: false,
        willVersion: false,
        records: 0,
        version: 1,
        reason: '引用的共享题库只读',
      },
    });
    renderApp(s.session, ['/admin/question/edit/q1']);
    expect(await screen.findByText('这道题不能在本机构编辑。')).toBeTruthy();
    expect(screen.getByText('引用的共享题库只读')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
  });
});

describe('leaving the question editor (docs/web.md "Unsaved changes")', () => {
  const asking = () => openDialog('.ant-modal-wrap:not([style*="display: none"]) .ant-modal:not(.ant-zoom-leave)');
  const open = async () => {
    const s = await makeSession(loginInfo(['edu:agency:demo:admin']), {
      'GET /v1/exam/repositories': REPOS,
      'GET /v1/exam/tags': [],
    });
    renderApp(s.session, ['/admin/question/list', '/admin/question/create/trueFalse']);
    await screen.findByRole('button', { name: '保存' }, { timeout: 15_000 });
  };

  it('goes back at once when nothing changed', async () => {
    await open();
    fireEvent.click(button('取消'));
    await waitFor(() => expect(location()).toBe('/admin/question/list'));
  });

  it('asks first when the draft changed: 留下 keeps it, 离开 goes back', async () => {
    await open();
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '写到一半的题' } });
    fireEvent.click(button('取消'));
    let dialog = await asking();
    expect(dialog.textContent).toContain('有未保存的修改，确定离开吗？');
    fireEvent.click(within(dialog).getByRole('button', { name: '留下' }));
    await waitFor(() => expect(document.querySelector('.ant-modal:not(.ant-zoom-leave)')).toBeNull());
    expect(location()).toBe('/admin/question/create/trueFalse');
    expect(screen.getByLabelText<HTMLInputElement>('标题').value).toBe('写到一半的题');
    fireEvent.click(button('取消'));
    dialog = await asking();
    fireEvent.click(within(dialog).getByRole('button', { name: '离开' }));
    await waitFor(() => expect(location()).toBe('/admin/question/list'));
  });
});
